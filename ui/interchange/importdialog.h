#pragma once

#include "common/jobtracker.h"
#include "common/workerthread.h"
#include "interchange/importworker.h"
#include "interchange/inputerrorsdialog.h"

#include <QDialog>
#include <QPointer>

#include <atomic>
#include <memory>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QListWidget;
class QProgressBar;
class QPushButton;

namespace spanforge::ui {

// File > Import: choose files, format and options, then the import runs on a
// worker thread (its own connection to the project) with a progress bar and
// Cancel. A refused file shows the list of problems (file, line, field) and
// leaves the project unchanged. Results of a cancelled job are dropped by job
// id (if such a job had already committed, the window is still told).
class ImportDialog : public QDialog {
  Q_OBJECT

 public:
  ImportDialog(const QString& projectPath, QWidget* parent = nullptr);
  ~ImportDialog() override;

  void setFiles(const QStringList& files);
  QStringList files() const;
  project::ImportOptions options() const;
  bool isRunning() const { return jobs_.isRunning(); }
  QString stateText() const;
  InputErrorsDialog* errorsDialog() const { return errors_; }
  QProgressBar* progressBar() const { return progress_; }

 public slots:
  void start();
  void cancel();
  // Close: cancels a running job first (the dialog stays open).
  void reject() override;

 signals:
  // The project changed: documents (and maybe labels) were added.
  void imported(qint64 documents);
  // A job the dialog waited for ended (committed or not); for tests.
  void jobFinished(bool committed);

 private:
  void addFiles();
  void onProgress(int job, const project::ImportProgress& progress);
  void onFinished(const ImportOutcome& result);
  void showErrors(const QString& summary, const std::vector<io::InputError>& errors);
  void updateRunning();

  QString projectPath_;
  QListWidget* files_;
  QComboBox* format_;
  QComboBox* scheme_;
  QComboBox* status_;
  QComboBox* split_;
  QCheckBox* skipInvalid_;
  QCheckBox* addLabels_;
  QCheckBox* textsOnly_;
  QProgressBar* progress_;
  QLabel* state_;
  QDialogButtonBox* buttons_;
  QPushButton* importButton_;
  QPushButton* addMissing_ = nullptr;
  QPointer<InputErrorsDialog> errors_;

  ImportWorker* worker_;  // owned by thread_
  std::unique_ptr<WorkerThread> thread_;
  std::shared_ptr<std::atomic<bool>> cancel_;
  JobTracker jobs_;
};

}  // namespace spanforge::ui
