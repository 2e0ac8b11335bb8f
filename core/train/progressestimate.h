#pragma once

#include "train/config/trainconfig.h"

#include <cstdint>

namespace spanforge::train {

// How far training is towards the nearest of its step, epoch and time
// limits, and the time left at the pace so far. Patience is not a limit
// here: when it will run out cannot be known.
struct ProgressEstimate {
  double progress = -1.0;    // 0..1; -1 when no limit is set
  double etaSeconds = -1.0;  // -1 when unknown

  // `epochs` counts passes done, fractional (2.5 = halfway through the third).
  static ProgressEstimate of(const TrainingSettings& settings, int64_t step, double epochs,
                             double elapsedSeconds);
};

}  // namespace spanforge::train
