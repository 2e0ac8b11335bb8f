#pragma once

#include "common/jobtracker.h"
#include "common/workerthread.h"

#include <QWidget>

#include <cstdint>
#include <memory>

class QLabel;
class QPushButton;
class QTableView;

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::ui {

class RunListModel;
class TaskWorker;

// The Runs page: every stored run of the project. Show re-opens a run's
// curves in the dashboard, Compare overlays a second run on the one shown,
// Use This Model makes a run's model the project's current one, Export Model
// writes the package with a model card to a folder, Export Metrics writes
// the run's events as CSV or JSONL (both on a worker thread).
class RunHistory : public QWidget {
  Q_OBJECT

 public:
  explicit RunHistory(QWidget* parent = nullptr);
  ~RunHistory() override;

  // The UI thread's connection; null when no project is open.
  void setProject(store::ProjectStore* project);
  void reload();
  void setLiveRun(int64_t runId);
  // Selects the run's row; false when there is no such run.
  bool selectRun(int64_t runId);
  int64_t selectedRun() const;

  void useSelectedModel();
  // Makes the model the project's current one; false (with a message) on failure.
  bool useModel(int64_t modelId);
  // Selects the run whose model is the project's current one; false when none.
  bool selectCurrentModel();
  // Export Model…: asks for the new folder, then exports the selected run's model.
  void exportModelDialog();
  void exportModel(const QString& folder);
  // CSV unless the name ends in .jsonl.
  void exportMetrics(const QString& path);
  bool isBusy() const { return jobs_.isRunning(); }

  RunListModel* model() const { return model_; }
  QTableView* view() const { return view_; }
  QString messageText() const;

 signals:
  void showRequested(int64_t runId);
  void compareRequested(int64_t runId);
  void currentModelChanged(int64_t modelId);
  // An export ended; error empty on success.
  void exportFinished(const QString& error);

 private:
  void updateButtons();
  QString startDirectory() const;
  void startTask(const QString& what, const std::function<QString()>& task);
  void setMessage(const QString& text, bool error = false);

  store::ProjectStore* project_ = nullptr;
  RunListModel* model_;
  QTableView* view_;
  QLabel* message_;
  QPushButton* show_;
  QPushButton* compare_;
  QPushButton* use_;
  QPushButton* exportModel_;
  QPushButton* exportMetrics_;
  TaskWorker* worker_;  // owned by thread_
  std::unique_ptr<WorkerThread> thread_;
  JobTracker jobs_;  // the export under way, one at a time
  QString busyWhat_;
};

}  // namespace spanforge::ui
