#include "trainingsession.h"

namespace spanforge::ui {

TrainingSession::TrainingSession(QObject* parent)
    : QObject(parent),
      checker_(new DataCheckWorker),
      trainer_(new TrainingWorker),
      checkThread_(std::make_unique<WorkerThread>(checker_)),
      trainThread_(std::make_unique<WorkerThread>(trainer_)) {
  connect(checker_, &DataCheckWorker::finished, this, [this](const DataCheckResult& r) {
    if (r.job != checkJob_) return;
    checkJob_ = 0;
    emit checked(r);
  });
  connect(trainer_, &TrainingWorker::started, this, [this](const TrainingStart& s) {
    if (s.job == trainJob_) emit started(s);
  });
  connect(trainer_, &TrainingWorker::stepped, this,
          [this](int job, const std::vector<train::StepEvent>& steps) {
            if (job == trainJob_) emit stepped(steps);
          });
  connect(trainer_, &TrainingWorker::evaluated, this,
          [this](int job, const train::EvaluationEvent& e) {
            if (job == trainJob_) emit evaluated(e);
          });
  connect(trainer_, &TrainingWorker::finished, this, [this](const TrainingOutcome& o) {
    if (o.job != trainJob_) return;
    trainJob_ = 0;
    emit finished(o);
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
  checkJob_ = 0;
  trainJob_ = 0;
}

void TrainingSession::check(const train::TrainConfig& config, const QString& devFile) {
  if (projectPath_.isEmpty()) return;
  DataCheckRequest request;
  request.job = checkJob_ = ++lastJob_;
  request.projectPath = projectPath_;
  request.config = config;
  request.devFile = devFile;
  DataCheckWorker* worker = checker_;
  QMetaObject::invokeMethod(
      worker, [worker, request] { worker->run(request); }, Qt::QueuedConnection);
}

void TrainingSession::start(const train::TrainConfig& config, const QString& devFile,
                            const QString& resumeFrom) {
  if (projectPath_.isEmpty() || trainJob_) return;
  TrainingRequest request;
  request.job = trainJob_ = ++lastJob_;
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
  if (trainJob_ && cancel_) cancel_->store(true);
}

}  // namespace spanforge::ui
