#include "training/trainingsession.h"

namespace spanforge::ui {

TrainingSession::TrainingSession(QObject* parent)
    : QObject(parent),
      checker_(new DataCheckWorker),
      trainer_(new TrainingWorker),
      checkThread_(std::make_unique<WorkerThread>(checker_)),
      trainThread_(std::make_unique<WorkerThread>(trainer_)) {
  connect(checker_, &DataCheckWorker::finished, this, [this](const DataCheckOutcome& r) {
    if (checks_.finish(r.job)) emit checked(r);
  });
  connect(trainer_, &TrainingWorker::started, this, [this](const TrainingStart& s) {
    if (runs_.isCurrent(s.job)) emit started(s);
  });
  connect(trainer_, &TrainingWorker::stepped, this,
          [this](int job, const std::vector<train::StepEvent>& steps) {
            if (runs_.isCurrent(job)) emit stepped(steps);
          });
  connect(trainer_, &TrainingWorker::evaluated, this,
          [this](int job, const train::EvaluationEvent& e) {
            if (runs_.isCurrent(job)) emit evaluated(e);
          });
  connect(trainer_, &TrainingWorker::batchSizeChosen, this,
          [this](int job, const train::BatchSizeEvent& e) {
            if (runs_.isCurrent(job)) emit batchSizeChosen(e);
          });
  connect(trainer_, &TrainingWorker::finished, this, [this](const TrainingOutcome& o) {
    if (runs_.finish(o.job)) emit finished(o);
  });
}

TrainingSession::~TrainingSession() {
  if (cancel_) cancel_->store(true);  // the threads' waits are then one batch long
}

void TrainingSession::setProjectPath(const QString& path) {
  if (path == projectPath_) return;
  abandon();
  projectPath_ = path;
}

void TrainingSession::abandon() {
  if (cancel_) cancel_->store(true);
  checks_.invalidate();
  runs_.invalidate();
}

void TrainingSession::check(const train::TrainConfig& config, const QString& devFile) {
  if (projectPath_.isEmpty()) return;
  DataCheckRequest request;
  request.job = checks_.start();
  request.projectPath = projectPath_;
  request.config = config;
  request.devFile = devFile;
  DataCheckWorker* worker = checker_;
  QMetaObject::invokeMethod(
      worker, [worker, request] { worker->run(request); }, Qt::QueuedConnection);
}

void TrainingSession::pretrain(const train::TrainConfig& config, const QString& resumeFolder) {
  if (projectPath_.isEmpty() || runs_.isRunning()) return;
  TrainingRequest request;
  request.job = runs_.start();
  request.projectPath = projectPath_;
  request.config = config;
  request.pretrain = true;
  request.resumeFrom = resumeFolder;
  request.cancel = cancel_ = std::make_shared<std::atomic<bool>>(false);
  TrainingWorker* worker = trainer_;
  QMetaObject::invokeMethod(
      worker, [worker, request] { worker->run(request); }, Qt::QueuedConnection);
}

void TrainingSession::start(const train::TrainConfig& config, const QString& devFile,
                            const QString& resumeFrom) {
  if (projectPath_.isEmpty() || runs_.isRunning()) return;
  TrainingRequest request;
  request.job = runs_.start();
  request.projectPath = projectPath_;
  request.config = config;
  request.devFile = devFile;
  request.resumeFrom = resumeFrom;
  request.cancel = cancel_ = std::make_shared<std::atomic<bool>>(false);
  request.poisonLoss = poison_;
  TrainingWorker* worker = trainer_;
  QMetaObject::invokeMethod(
      worker, [worker, request] { worker->run(request); }, Qt::QueuedConnection);
}

void TrainingSession::stop() {
  // The job goes on until the trainer sees the flag; its finished event
  // (stopped, with the best model so far) is still wanted.
  if (runs_.isRunning() && cancel_) cancel_->store(true);
}

}  // namespace spanforge::ui
