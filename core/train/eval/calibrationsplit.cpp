#include "train/eval/calibrationsplit.h"

#include <cmath>

namespace spanforge::train {

CalibrationSplit CalibrationSplit::of(const Corpus& dev, double share) {
  CalibrationSplit s;
  const size_t n = dev.size();
  const auto held = static_cast<size_t>(std::floor(static_cast<double>(n) * share));
  if (share <= 0.0 || held == 0 || held >= n) {
    s.selection = dev;
    return s;
  }
  for (size_t i = 0; i < n; ++i) (i < n - held ? s.selection : s.calibration).add(dev[i]);
  return s;
}

}  // namespace spanforge::train
