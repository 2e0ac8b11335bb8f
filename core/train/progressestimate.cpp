#include "train/progressestimate.h"

#include <algorithm>

namespace spanforge::train {

ProgressEstimate ProgressEstimate::of(const TrainingSettings& s, int64_t step, double epochs,
                                      double elapsedSeconds) {
  double p = -1.0;
  if (s.maxSteps > 0) p = std::max(p, static_cast<double>(step) / static_cast<double>(s.maxSteps));
  if (s.maxEpochs > 0) p = std::max(p, epochs / static_cast<double>(s.maxEpochs));
  if (s.maxMinutes > 0) p = std::max(p, elapsedSeconds / (60.0 * s.maxMinutes));
  ProgressEstimate e;
  if (p < 0) return e;
  e.progress = std::min(1.0, p);
  // The nearest limit is the one furthest along; at its pace so far.
  if (e.progress > 0) e.etaSeconds = elapsedSeconds * (1.0 - e.progress) / e.progress;
  return e;
}

}  // namespace spanforge::train
