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
  if (step <= 0 || elapsedSeconds <= 0.0) return f;  // no pace yet
  const double perStep = elapsedSeconds / static_cast<double>(step);
  if (f.step >= 0) f.seconds = perStep * static_cast<double>(std::max<int64_t>(0, f.step - step));
  if (s.maxMinutes > 0) {
    const double left = std::max(0.0, s.maxMinutes * 60.0 - elapsedSeconds);
    if (f.step < 0 || left < f.seconds) {
      f.seconds = left;
      f.step = step + static_cast<int64_t>(left / perStep);
      f.byTime = true;
      f.byPatience = false;
    }
  }
  return f;
}

}  // namespace spanforge::train
