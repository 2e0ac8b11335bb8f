#pragma once

#include "train/device/cudadevices.h"
#include "training/trainingworker.h"

#include <QWidget>

#include <cstdint>
#include <vector>

class QTabWidget;

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::ui {

struct DataCheckOutcome;
class RunHistory;
class TrainingDashboard;
class TrainingSession;
class TrainingSetup;

// Train from the project: Setup (config, device, dev set, data checks) and
// Dashboard (the live run, or a stored one), and the Runs view (history,
// comparison, exports, the current model) that the window shows apart.
// Training runs in a TrainingSession, off the UI thread; the panel moves
// between its pages as a run starts and ends.
class TrainingPanel : public QWidget {
  Q_OBJECT

 public:
  // `gpus`: the CUDA devices to offer (CudaDevices::list(); injected for tests).
  explicit TrainingPanel(std::vector<train::CudaDeviceInfo> gpus, QWidget* parent = nullptr);
  ~TrainingPanel() override;

  // The UI thread's connection (runs, models); training opens its own on
  // the same path. Null closes: a running job is cancelled and forgotten.
  void setProject(store::ProjectStore* project);
  bool isTraining() const;
  // A data check or a run is going.
  bool isBusy() const;

  TrainingSetup* setup() const { return setup_; }
  TrainingDashboard* dashboard() const { return dashboard_; }
  RunHistory* runs() const { return runs_; }
  TrainingSession* session() const { return session_; }
  QTabWidget* tabs() const { return tabs_; }

 public slots:
  void showSetup();
  void showDashboard();
  // Runs the data checks alone (Check Data); false when a check or run is going.
  bool checkData();
  // Runs the data checks, then trains (asking first when they warn).
  void train();
  // Trains without asking, from the model package `resumeFrom` (empty: from
  // scratch): data-check warnings do not stop it, a blocking problem ends it
  // with trainingFinished (no run, failure says why). False when a check or
  // run is already going.
  bool retrain(const QString& resumeFrom);
  // Pretrains on the project's documents with the Setup page's config,
  // going on from the stopped pretraining in `resumeFolder` when not empty;
  // when it ends well (not stopped, not failed), Setup > Start from points
  // at its weights. False when busy.
  bool pretrain(const QString& resumeFolder = QString());
  // Asks first (PretrainDialog: what, which documents, how long, whether to
  // resume the newest pretraining if it was stopped), then pretrains; false
  // when busy or the Setup page has an error.
  bool requestPretrain();
  // Makes a run's model the project's current one, as Use This Model does.
  bool useModel(int64_t modelId);
  void stop();

 signals:
  void trainingFinished(const spanforge::ui::TrainingOutcome& outcome);
  void currentModelChanged(int64_t modelId);
  // Runs asked to show a stored run (or compare one) on the Dashboard.
  void dashboardRequested();
  // The data checks' "Fix What Can Be Fixed" (the window applies it: the
  // fixes are an undoable edit of the open project).
  void fixDataRequested();
  void message(const QString& text);

 private:
  void onChecked(const DataCheckOutcome& result);
  void startTraining();
  void onStarted(const TrainingStart& start);
  void onFinished(const TrainingOutcome& outcome);
  void offerModel(const TrainingOutcome& outcome);
  void showStoredRun(int64_t runId);
  void compareRun(int64_t runId);
  void loadLastConfig();

  store::ProjectStore* project_ = nullptr;
  TrainingSession* session_;
  TrainingSetup* setup_;
  TrainingDashboard* dashboard_;
  RunHistory* runs_;
  QTabWidget* tabs_;
  bool wantsTraining_ = false;
  bool unattended_ = false;  // the pending check belongs to retrain()
  QString resumeFrom_;       // for the next startTraining()
};

}  // namespace spanforge::ui
