#include "train/learningrateschedule.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace spanforge::train {

LearningRateSchedule::LearningRateSchedule(const TrainingSettings& s)
    : rate_(s.learningRate),
      min_(s.minLearningRate),
      warmup_(s.warmupSteps),
      decaySteps_(std::max<int64_t>(1, s.decaySteps)),
      decayRate_(s.decayRate) {
  if (s.lrDecay == "none") {
    decay_ = Decay::None;
  } else if (s.lrDecay == "linear") {
    decay_ = Decay::Linear;
  } else if (s.lrDecay == "inverse_sqrt") {
    decay_ = Decay::InverseSqrt;
  } else if (s.lrDecay == "exponential") {
    decay_ = Decay::Exponential;
  } else {
    throw std::invalid_argument("unknown lr_decay \"" + s.lrDecay + "\"");
  }
}

double LearningRateSchedule::at(int64_t step) const {
  step = std::max<int64_t>(step, 1);
  // Warm-up rises from 0 on purpose, so the floor applies only afterwards.
  if (step <= warmup_) return rate_ * static_cast<double>(step) / static_cast<double>(warmup_);
  const auto t = static_cast<double>(step - warmup_);
  const auto d = static_cast<double>(decaySteps_);
  double lr = rate_;
  switch (decay_) {
    case Decay::None:
      break;
    case Decay::Linear:
      lr = rate_ - (rate_ - min_) * std::min(t, d) / d;
      break;
    case Decay::InverseSqrt:
      lr = rate_ * std::sqrt(d / std::max(t, d));
      break;
    case Decay::Exponential:
      lr = rate_ * std::pow(decayRate_, t / d);
      break;
  }
  return std::max(lr, min_);
}

}  // namespace spanforge::train
