#pragma once

#include "train/config/trainconfig.h"

#include <cstdint>

namespace spanforge::train {

// The learning rate at each step: linear warm-up from 0, then the decay
// chosen in TrainingSettings::lrDecay, floored at minLearningRate (see the
// formulas in trainconfig.h).
class LearningRateSchedule {
 public:
  explicit LearningRateSchedule(const TrainingSettings& settings);

  // step is 1-based; steps < 1 count as 1.
  double at(int64_t step) const;

 private:
  double rate_;
  double min_;
  int64_t warmup_;
  int64_t decaySteps_;
  double decayRate_;
  enum class Decay { None, Linear, InverseSqrt, Exponential } decay_;
};

}  // namespace spanforge::train
