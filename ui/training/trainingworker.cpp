#include "training/trainingworker.h"

#include "common/nativepath.h"
#include "store/projectstore.h"
#include "train/data/projectdata.h"
#include "train/device/computedevice.h"
#include "train/device/processcount.h"
#include "train/distributed/localgroup.h"
#include "train/distributed/rankjob.h"
#include "train/distributed/workerexecutable.h"
#include "train/runrecorder.h"
#include "train/trainer.h"
#include "train/trainingerror.h"
#include "training/pretrainjob.h"

#include <QDir>
#include <QElapsedTimer>
#include <QFile>
#include <QFileInfo>

#include <exception>
#include <memory>

#ifdef __linux__
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
#endif

namespace spanforge::ui {
namespace {

constexpr int kTrainingNice = 5;

// Training takes every core it is given (dev evaluation runs one thread per
// core); a nicer training thread, inherited by the threads it starts, lets
// the UI thread win the CPU when they compete, so the window never stutters.
// Linux keeps nice per thread; elsewhere this does nothing.
void lowerThreadPriority() {
#ifdef __linux__
  const auto tid = static_cast<id_t>(::syscall(SYS_gettid));
  const int current = ::getpriority(PRIO_PROCESS, tid);
  if (current < kTrainingNice) ::setpriority(PRIO_PROCESS, tid, kTrainingNice);
#endif
}

// Hands the trainer's events to the UI thread as queued signals. Steps are
// batched (at most kStepBatchMs old) and always sent before an evaluation,
// so the UI sees them in order.
class SignalObserver : public train::TrainingObserver {
 public:
  SignalObserver(TrainingWorker& worker, int job) : worker_(worker), job_(job) { clock_.start(); }

  void onStep(const train::StepEvent& e) override {
    steps_.push_back(e);
    if (clock_.elapsed() >= TrainingWorker::kStepBatchMs) flush();
  }
  void onEvaluation(const train::EvaluationEvent& e) override {
    flush();
    emit worker_.evaluated(job_, e);
  }
  void onFinished(const train::FinishedEvent&) override { flush(); }
  void onBatchSize(const train::BatchSizeEvent& e) override {
    emit worker_.batchSizeChosen(job_, e);
  }

 private:
  void flush() {
    clock_.restart();
    if (steps_.empty()) return;
    emit worker_.stepped(job_, steps_);
    steps_.clear();
  }

  TrainingWorker& worker_;
  int job_;
  QElapsedTimer clock_;
  std::vector<train::StepEvent> steps_;
};

}  // namespace

TrainingWorker::TrainingWorker(QObject* parent) : QObject(parent) {
  qRegisterMetaType<train::StepEvent>();
  qRegisterMetaType<std::vector<train::StepEvent>>();
  qRegisterMetaType<train::EvaluationEvent>();
  qRegisterMetaType<train::BatchSizeEvent>();
  qRegisterMetaType<TrainingStart>();
  qRegisterMetaType<TrainingOutcome>();
}

QString TrainingWorker::modelDirectory(const QString& projectPath, int64_t runId) {
  const QFileInfo info(projectPath);
  return QDir(info.absolutePath())
      .filePath(QStringLiteral("%1.models/run-%2").arg(info.completeBaseName()).arg(runId));
}

void TrainingWorker::run(const TrainingRequest& request) {
  lowerThreadPriority();
  TrainingOutcome outcome;
  outcome.job = request.job;
  if (request.pretrain) {
    SignalObserver forward(*this, request.job);
    try {
      outcome =
          PretrainJob::run(request, forward, [this](const TrainingStart& s) { emit started(s); });
    } catch (const std::exception& e) {
      outcome.finished.reason = train::FinishReason::Failed;
      outcome.finished.message = e.what();
      outcome.failure = QString::fromStdString(e.what());
    }
    emit finished(outcome);
    return;
  }
  try {
    const auto project = store::ProjectStore::open(nativePath(request.projectPath));
    train::TrainingData data =
        train::TrainingData::load(*project, request.config.data, nativePath(request.devFile));
    // Fail fast, before a run is stored: these are the user's to fix.
    train::Trainer::validateData(request.config, data.train, data.dev);

    SignalObserver forward(*this, request.job);
    const std::string device = train::ComputeDevice::resolve(request.config.device.device);
    const int processes = train::resolveProcesses(request.config.device.processes, device);
    train::RunRecorder recorder(project->runs(), request.config, device, &forward);
    outcome.runId = recorder.runId();
    // What this run holds out, by id: Evaluate scores its model on exactly these.
    project->runs().setDevDocuments(recorder.runId(), data.devDocumentIds);

    TrainingStart start;
    start.job = request.job;
    start.runId = recorder.runId();
    start.device = QString::fromStdString(device);
    start.processes = processes;
    start.modelDir = modelDirectory(request.projectPath, recorder.runId());
    start.devSource = QString::fromStdString(data.devSource);
    start.trainSentences = static_cast<int64_t>(data.train.size());
    start.trainWords = data.train.words();
    start.devSentences = static_cast<int64_t>(data.dev.size());
    start.devWords = data.dev.words();
    for (const auto& w : data.warnings) start.warnings << QString::fromStdString(w);
    start.config = request.config;
    emit started(start);

    train::TrainerOptions options;
    options.observer = &recorder;
    options.cancel = request.cancel.get();
    options.test = std::move(data.test);
    options.trainSource = nativePath(request.projectPath);
    options.devSource = data.devSource;
    options.poisonLoss = request.poisonLoss;
    if (!request.resumeFrom.isEmpty()) options.resumeFrom = nativePath(request.resumeFrom);
    // Declared before the trainer, which uses its group until destroyed.
    std::unique_ptr<train::LocalGroup> local;
    if (processes > 1) {
      try {
        local = std::make_unique<train::LocalGroup>(
            train::workerExecutable(), processes,
            train::RankJob{request.config, data.train, options.resumeFrom});
      } catch (const std::exception& e) {  // DistributedError, mostly
        // The run is stored by now: close it as failed, not left "running";
        // the catch below makes the outcome.
        train::FinishedEvent failed;
        failed.reason = train::FinishReason::Failed;
        failed.message = e.what();
        recorder.onFinished(failed);
        throw;
      }
      options.group = &local->group();
    }
    train::Trainer trainer(request.config, std::move(data.train), std::move(data.dev),
                           nativePath(start.modelDir), std::move(options));
    outcome.finished = trainer.run();
    if (local) {
      const std::string why = outcome.finished.reason == train::FinishReason::Failed
                                  ? local->failures()
                                  : std::string();
      if (!why.empty()) outcome.finished.message += " (" + why + ")";
      local->finish();
    }
    outcome.modelId = recorder.modelId();
    outcome.storeWarning = QString::fromStdString(recorder.storeError());
    if (outcome.finished.reason == train::FinishReason::Failed)
      outcome.failure = QString::fromStdString(outcome.finished.message);
  } catch (const std::exception& e) {
    outcome.finished.reason = train::FinishReason::Failed;
    outcome.finished.message = e.what();
    outcome.failure = QString::fromStdString(e.what());
  }
  emit finished(outcome);
}

}  // namespace spanforge::ui
