#include "train/runrecorder.h"

#include "store/runrepository.h"
#include "train/config/tomlconfig.h"
#include "train/package/modelpackage.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <exception>

namespace spanforge::train {
namespace {

void setMemory(store::MetricEvent& m, const MemoryUsage& u) {
  m.memoryBytes = u.currentBytes;
  m.memoryPeakBytes = u.kind == MemoryKind::Cuda ? u.reservedBytes : u.peakBytes;
}

}  // namespace

RunRecorder::RunRecorder(store::RunRepository& runs, const TrainConfig& config,
                         const std::string& device, TrainingObserver* next, const std::string& kind)
    : runs_(runs),
      config_(config),
      next_(next),
      runId_(runs.startRun(toToml(config), device, kind)) {}

store::MetricEvent RunRecorder::toMetricEvent(const StepEvent& e) {
  store::MetricEvent m;
  m.step = e.step;
  m.epoch = e.epoch;
  m.loss = e.loss;
  m.elapsedSeconds = e.elapsedSeconds;
  m.wordsPerSecond = e.wordsPerSecond;
  setMemory(m, e.memory);
  for (const auto& r : e.ranks) m.rankWordsPerSecond.push_back(r.wordsPerSecond);
  m.cpuPercent = e.ranks.empty() ? e.cpuPercent : -1.0;
  for (const auto& r : e.ranks) {
    m.rankCpuPercent.push_back(r.cpuPercent);
    if (r.cpuPercent >= 0) m.cpuPercent = std::max(m.cpuPercent, 0.0) + r.cpuPercent;
  }
  m.gpuPercent = e.gpuPercent;
  m.gpuMemoryBytes = e.gpuMemoryBytes;
  m.dataWaitPercent = e.dataWaitPercent;
  return m;
}

store::MetricEvent RunRecorder::toMetricEvent(const EvaluationEvent& e) {
  store::MetricEvent m;
  m.step = e.step;
  m.epoch = e.epoch;
  m.loss = e.trainLoss;
  m.elapsedSeconds = e.elapsedSeconds;
  m.wordsPerSecond = e.wordsPerSecond;
  setMemory(m, e.memory);
  m.hasScores = true;
  m.precision = e.scores.overall.precision;
  m.recall = e.scores.overall.recall;
  m.f1 = e.scores.overall.f1;
  for (const auto& [label, s] : e.scores.perLabel)
    m.perLabel.push_back({label, s.precision, s.recall, s.f1, s.support});
  return m;
}

store::RunState RunRecorder::stateFor(FinishReason reason) {
  switch (reason) {
    case FinishReason::Cancelled:
      return store::RunState::Stopped;
    case FinishReason::Failed:
      return store::RunState::Failed;
    default:
      return store::RunState::Finished;
  }
}

template <class F>
void RunRecorder::guarded(F&& write) {
  if (!storeError_.empty()) return;
  try {
    write();
  } catch (const std::exception& e) {
    storeError_ = e.what();
  }
}

void RunRecorder::flush() {
  if (pending_.empty()) return;
  guarded([this] { runs_.addEvents(runId_, pending_); });
  pending_.clear();
}

void RunRecorder::onStep(const StepEvent& event) {
  pending_.push_back(toMetricEvent(event));
  if (pending_.size() >= kStepBatch) flush();
  if (next_) next_->onStep(event);
}

void RunRecorder::onEvaluation(const EvaluationEvent& event) {
  pending_.push_back(toMetricEvent(event));
  flush();
  if (next_) next_->onEvaluation(event);
}

void RunRecorder::onBatchSize(const BatchSizeEvent& event) {
  config_.training.batchWords = event.words;
  guarded([this] { runs_.setRunConfig(runId_, toToml(config_)); });
  if (next_) next_->onBatchSize(event);
}

void RunRecorder::onFinished(const FinishedEvent& event) {
  flush();
  guarded([&] {
    if (!event.modelPath.empty()) {
      const PackageInfo info = ModelPackage::readInfo(event.modelPath);
      store::ModelRecord model;
      model.name = "Run " + std::to_string(runId_);
      model.path = event.modelPath;
      model.labelsJson = nlohmann::json(info.labels).dump();
      model.metricsJson = info.metricsJson;
      modelId_ = runs_.addModel(model);
    }
    runs_.finishRun(runId_, stateFor(event.reason), modelId_, event.message);
  });
  if (next_) next_->onFinished(event);
}

}  // namespace spanforge::train
