#include "train/stopforecast.h"

#include <algorithm>

namespace spanforge::train {

StopForecast StopForecast::of(const TrainingSettings& s, int64_t step, int64_t bestStep,
                              double elapsedSeconds) {
  StopForecast f;
  if (s.patience > 0) {
    // Before any evaluation the first one will be the best.
    const int64_t best = bestStep > 0 ? bestStep : s.evalFrequency;
    f.step = best + s.patience * s.evalFrequency;
    f.byPatience = true;
  }
  if (s.maxSteps > 0 && (f.step < 0 || s.maxSteps <= f.step)) {
    f.step = s.maxSteps;
    f.byPatience = false;
  }
  if (f.step >= 0 && step > 0)
    f.seconds = elapsedSeconds / static_cast<double>(step) *
                static_cast<double>(std::max<int64_t>(0, f.step - step));
  return f;
}

}  // namespace spanforge::train
