#pragma once

#include "store/records.h"
#include "train/config/trainconfig.h"
#include "train/trainingobserver.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace spanforge::store {
class RunRepository;
}

namespace spanforge::train {

// Keeps a training run in the project: starts a run row (config TOML and
// device), stores every step and evaluation as a metric event, and at the
// end registers the model written (if any) and closes the run with its state
// and message. Steps are written in batches (one transaction per batch, and
// at every evaluation), so recording costs the trainer almost nothing.
//
// Use it on the thread that owns `runs`' connection (the training thread opens
// its own). A store error never stops training: it is kept in storeError()
// and recording stops. Forwards every event to `next` if given.
class RunRecorder : public TrainingObserver {
 public:
  static constexpr size_t kStepBatch = 50;

  // Throws store::StoreError when the run cannot be started.
  // kind: store::RunRecord::kTrainRun, or kPretrainRun for a pretraining run
  // (its steps are recorded the same way; it registers no model).
  RunRecorder(store::RunRepository& runs, const TrainConfig& config, const std::string& device,
              TrainingObserver* next = nullptr,
              const std::string& kind = store::RunRecord::kTrainRun);

  int64_t runId() const { return runId_; }
  std::optional<int64_t> modelId() const { return modelId_; }
  const std::string& storeError() const { return storeError_; }

  void onStep(const StepEvent& event) override;
  void onEvaluation(const EvaluationEvent& event) override;
  void onFinished(const FinishedEvent& event) override;
  // Stores the chosen size in the run's config (batch_words).
  void onBatchSize(const BatchSizeEvent& event) override;

  // The stored form of the trainer's events; what the dashboard plots, live
  // or re-opened. Memory: current = CUDA allocated or RSS; peak = CUDA
  // reserved or peak RSS. CPU: the sum of the ranks' known figures in a
  // multi-process run.
  static store::MetricEvent toMetricEvent(const StepEvent& event);
  static store::MetricEvent toMetricEvent(const EvaluationEvent& event);
  static store::RunState stateFor(FinishReason reason);

 private:
  void flush();
  template <class F>
  void guarded(F&& write);

  store::RunRepository& runs_;
  TrainConfig config_;
  TrainingObserver* next_;
  int64_t runId_ = 0;
  std::optional<int64_t> modelId_;
  std::vector<store::MetricEvent> pending_;
  std::string storeError_;
};

}  // namespace spanforge::train
