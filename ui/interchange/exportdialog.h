#pragma once

#include "common/jobtracker.h"
#include "common/workerthread.h"
#include "interchange/exportworker.h"

#include <QDialog>

#include <atomic>
#include <cstdint>
#include <memory>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QLabel;
class QLineEdit;
class QProgressBar;
class QPushButton;

namespace spanforge::ui {

// File > Export: output file, format and options; the export runs on a
// worker thread (its own connection to the project) with progress and
// Cancel, and the file appears only when complete.
class ExportDialog : public QDialog {
  Q_OBJECT

 public:
  // accepted, all: document counts, for the progress bar.
  ExportDialog(const QString& projectPath, int64_t accepted, int64_t all,
               QWidget* parent = nullptr);
  ~ExportDialog() override;

  void setOutputPath(const QString& path);
  project::ExportOptions options() const;
  bool isRunning() const { return jobs_.isRunning(); }
  QString stateText() const;

 public slots:
  void start();
  void cancel();
  // Close: cancels a running job first (the dialog stays open).
  void reject() override;

 signals:
  void jobFinished(bool written);

 private:
  void browse();
  void onFinished(const ExportOutcome& result);
  void updateRunning();
  int64_t expected() const;

  QString projectPath_;
  int64_t accepted_;
  int64_t all_;
  QLineEdit* path_;
  QComboBox* format_;
  QComboBox* scheme_;
  QCheckBox* acceptedOnly_;
  QProgressBar* progress_;
  QLabel* state_;
  QDialogButtonBox* buttons_;
  QPushButton* exportButton_;

  ExportWorker* worker_;  // owned by thread_
  std::unique_ptr<WorkerThread> thread_;
  std::shared_ptr<std::atomic<bool>> cancel_;
  JobTracker jobs_;
};

}  // namespace spanforge::ui
