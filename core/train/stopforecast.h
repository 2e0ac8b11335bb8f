#pragma once

#include "train/config/trainconfig.h"

#include <cstdint>

namespace spanforge::train {

// Where a run ends if dev F1 stops improving now: early stopping's step
// (the best evaluation plus patience evaluations; before any evaluation, the
// first one plus patience), or max_steps when nearer, and the time to it at
// the pace so far; or, when max_minutes comes first, that time and the step
// the run reaches by then. What a person can plan with, where an ETA to max_steps is
// wrong by an order of magnitude once early stopping ends the run.
struct StopForecast {
  int64_t step = -1;        // -1: neither patience nor max_steps bounds the run
  bool byPatience = false;  // early stopping's step is the nearer
  bool byTime = false;      // max_minutes comes before either
  double seconds = -1.0;    // to `step` at the pace so far; -1 before the first step

  // bestStep: the step of the best evaluation so far (0 before any).
  static StopForecast of(const TrainingSettings& settings, int64_t step, int64_t bestStep,
                         double elapsedSeconds);
};

}  // namespace spanforge::train
