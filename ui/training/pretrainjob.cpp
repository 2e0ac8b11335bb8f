#include "training/pretrainjob.h"

#include "common/nativepath.h"
#include "store/projectstore.h"
#include "train/device/computedevice.h"
#include "train/pretrain/pretrainer.h"
#include "train/pretrain/pretraintext.h"
#include "train/runrecorder.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cstdio>

namespace spanforge::ui {
namespace {

// A pretraining step as the dashboard's step event: the loss is per
// predicted character, not per sentence, but it is plotted the same way.
train::StepEvent toStepEvent(const train::PretrainStepEvent& e, const std::string& device,
                             double learningRate, double wordsPerSecond) {
  train::StepEvent s;
  s.step = e.step;
  s.epoch = e.epoch;
  s.loss = e.loss;
  s.batchWords = e.words;
  s.wordsPerSecond = wordsPerSecond;
  s.learningRate = learningRate;
  s.elapsedSeconds = e.seconds;
  s.progress = e.progress;
  if (e.progress > 0) s.etaSeconds = e.seconds * (1.0 - e.progress) / e.progress;
  s.memory = train::ComputeDevice::memory(device);
  return s;
}

}  // namespace

QString PretrainJob::outputDirectory(const QString& projectPath, int64_t runId) {
  const QFileInfo info(projectPath);
  return QDir(info.absolutePath())
      .filePath(QStringLiteral("%1.models/pretrain-%2").arg(info.completeBaseName()).arg(runId));
}

TrainingOutcome PretrainJob::run(const TrainingRequest& request, train::TrainingObserver& forward,
                                 const std::function<void(const TrainingStart&)>& started) {
  TrainingOutcome outcome;
  outcome.job = request.job;
  const auto project = store::ProjectStore::open(nativePath(request.projectPath));
  train::PretrainText text;
  text.addProject(*project);
  const std::string device = train::ComputeDevice::resolve(request.config.device.device);
  const int64_t sentences = static_cast<int64_t>(text.sentences.size());
  const int64_t words = text.words;
  // Built before the run is stored: too little text is the user's to fix.
  train::PretrainerOptions options;
  options.cancel = request.cancel.get();
  train::RunRecorder* recorder = nullptr;
  double lastSeconds = 0.0, wordsPerSecond = 0.0;
  options.onStep = [&](const train::PretrainStepEvent& e) {
    const double dt = e.seconds - lastSeconds;
    if (dt > 0) {
      const double now = static_cast<double>(e.words) / dt;
      wordsPerSecond = wordsPerSecond == 0.0 ? now : 0.9 * wordsPerSecond + 0.1 * now;
    }
    lastSeconds = e.seconds;
    recorder->onStep(
        toStepEvent(e, device, request.config.pretraining.learningRate, wordsPerSecond));
  };
  options.resume = !request.resumeFrom.isEmpty();
  train::Pretrainer pretrainer(request.config, std::move(text.sentences), "", options);
  // Whether the stopped pretraining can go on (its text is known only now).
  bool resuming = false;
  std::string notResumed;
  if (options.resume) {
    pretrainer.setOutputDir(nativePath(request.resumeFrom));
    const train::PretrainResumePoint point = pretrainer.resumePoint();
    resuming = point.possible();
    if (!resuming) notResumed = "not resumed (" + point.why + "): pretrained from step 0";
  }

  train::RunRecorder recorded(project->runs(), request.config, device, &forward,
                              store::RunRecord::kPretrainRun);
  recorder = &recorded;
  outcome.runId = recorded.runId();
  const QString output = outputDirectory(request.projectPath, recorded.runId());
  // The resumed run takes the stopped one's folder over, so every run's
  // weights stay in its own pretrain-<id> (and it can be resumed in turn).
  if (resuming && !QDir().rename(request.resumeFrom, output)) {
    resuming = false;
    notResumed = "not resumed (" + nativePath(request.resumeFrom) + " could not be moved to " +
                 nativePath(output) + "): pretrained from step 0";
  }
  pretrainer.setOutputDir(nativePath(output));

  TrainingStart start;
  start.job = request.job;
  start.runId = recorded.runId();
  start.device = QString::fromStdString(device);
  start.modelDir = output;
  start.pretraining = true;
  start.trainSentences = sentences;
  start.trainWords = words;
  start.config = request.config;
  started(start);

  const train::PretrainResult result = pretrainer.run();
  outcome.finished.reason = result.reason;
  outcome.finished.steps = result.steps;
  outcome.finished.epochs = result.epochs;
  outcome.finished.elapsedSeconds = result.seconds;
  if (result.reason == train::FinishReason::Failed) {
    outcome.finished.message = result.message;
    outcome.failure = QString::fromStdString(result.message);
  } else {
    char held[64];
    std::snprintf(held, sizeof held, "%.4f", result.heldOutLoss);
    outcome.finished.message =
        "pretrained weights in " + result.outputDir + "; held-out loss " + held;
    if (result.resumedFrom > 0)
      outcome.finished.message += "; resumed after step " + std::to_string(result.resumedFrom);
    if (!notResumed.empty()) outcome.finished.message += "; " + notResumed;
  }
  if (!result.outputDir.empty()) outcome.pretrainedDir = output;
  recorded.onFinished(outcome.finished);
  outcome.storeWarning = QString::fromStdString(recorded.storeError());
  return outcome;
}

}  // namespace spanforge::ui
