#pragma once

#include "train/config/trainconfig.h"
#include "train/learningrateschedule.h"

#include <cstdint>
#include <memory>

namespace torch::optim {
class Optimizer;
}
namespace spanforge::model {
class NerModel;
}

namespace spanforge::train {

// The optimisers of one training run: training.optimizer over the model's
// trainable parameters, with its schedule; and with a pretrained transformer,
// AdamW over the encoder's ("transformer.*") at transformer_learning_rate,
// warmed up over transformer_warmup steps and falling linearly to 0 at
// max_steps, as BERT is fine-tuned. Frozen parameters are in neither.
class TrainingOptimizer {
 public:
  TrainingOptimizer(const TrainingSettings& settings, model::NerModel& model);
  ~TrainingOptimizer();
  TrainingOptimizer(const TrainingOptimizer&) = delete;
  TrainingOptimizer& operator=(const TrainingOptimizer&) = delete;

  // Sets every rate for `step` (1-based); returns the head's, which the
  // dashboard shows.
  double setStep(int64_t step);
  void zeroGrad();
  void step();
  // Parameters of `model` that became trainable since (unfrozen vectors)
  // get training.optimizer with the head's schedule; returns how many.
  size_t addUnfrozen(model::NerModel& model);

  // The encoder's rate at `step` (0 when there is no encoder to train).
  double encoderRate(int64_t step) const;
  bool hasEncoder() const { return encoder_ != nullptr; }

 private:
  LearningRateSchedule schedule_;
  std::unique_ptr<torch::optim::Optimizer> head_;
  std::unique_ptr<torch::optim::Optimizer> encoder_;
  std::unique_ptr<torch::optim::Optimizer> unfrozen_;
  double encoderRate_;
  int64_t warmup_;
  int64_t total_;
  TrainingSettings settings_;  // for the unfrozen parameters' optimiser
};

}  // namespace spanforge::train
