#pragma once

#include "common/jobtracker.h"
#include "common/workerthread.h"
#include "training/setup/datacheckworker.h"
#include "training/trainingworker.h"

#include <QObject>

#include <atomic>
#include <functional>
#include <memory>

namespace spanforge::ui {

// Runs the data checks and training for one project off the UI thread and
// passes on only what belongs to the job it waits for: results of a job
// given up on (another project opened, a newer check) are dropped by job id.
// Stop cancels at the next batch; the trainer then writes the best model so
// far and the run is stored as stopped.
class TrainingSession : public QObject {
  Q_OBJECT

 public:
  explicit TrainingSession(QObject* parent = nullptr);
  // Cancels a running job; the threads wait for it to return (one batch).
  ~TrainingSession() override;

  // Another project: whatever runs for the old one is cancelled and ignored.
  void setProjectPath(const QString& path);
  const QString& projectPath() const { return projectPath_; }

  bool isChecking() const { return checks_.isRunning(); }
  bool isTraining() const { return runs_.isRunning(); }
  int trainingJob() const { return runs_.running(); }
  // Test hook, passed to the next runs (TrainerOptions::poisonLoss).
  void setPoisonLoss(std::function<bool(int64_t)> poison) { poison_ = std::move(poison); }

 public slots:
  void check(const train::TrainConfig& config, const QString& devFile);
  // Ignored while a run is going. `resumeFrom`: a model package to continue
  // from (its weights and [model] settings); empty trains from scratch.
  void start(const train::TrainConfig& config, const QString& devFile,
             const QString& resumeFrom = QString());
  // Pretrains on the project's text (PretrainJob), going on from the stopped
  // pretraining in `resumeFolder` when not empty; ignored while a run is going.
  void pretrain(const train::TrainConfig& config, const QString& resumeFolder = QString());
  void stop();

 signals:
  void checked(const spanforge::ui::DataCheckOutcome& result);
  void started(const spanforge::ui::TrainingStart& start);
  void stepped(const std::vector<spanforge::train::StepEvent>& steps);
  void evaluated(const spanforge::train::EvaluationEvent& evaluation);
  void batchSizeChosen(const spanforge::train::BatchSizeEvent& choice);
  void finished(const spanforge::ui::TrainingOutcome& outcome);

 private:
  void abandon();

  QString projectPath_;
  DataCheckWorker* checker_;  // owned by checkThread_
  TrainingWorker* trainer_;   // owned by trainThread_
  std::unique_ptr<WorkerThread> checkThread_;
  std::unique_ptr<WorkerThread> trainThread_;
  std::shared_ptr<std::atomic<bool>> cancel_;
  std::function<bool(int64_t)> poison_;
  JobTracker checks_;  // the check and the run whose results are wanted
  JobTracker runs_;
};

}  // namespace spanforge::ui
