#include "train/eval/calibrationsplit.h"

#include <cmath>

namespace spanforge::train {

size_t CalibrationSplit::held(size_t n, double share) {
  if (!(share > 0.0)) return 0;
  const auto k = static_cast<size_t>(std::floor(static_cast<double>(n) * share));
  return k >= n ? 0 : k;
}

size_t CalibrationSplit::firstCalibrating(size_t n, double share) {
  const size_t k = held(n, share);
  return k == 0 ? 0 : n - k;
}

CalibrationSplit CalibrationSplit::of(const Corpus& dev, double share) {
  CalibrationSplit s;
  const size_t n = dev.size();
  const size_t k = held(n, share);
  for (size_t i = 0; i < n; ++i) (i < n - k ? s.selection : s.calibration).add(dev[i]);
  return s;
}

}  // namespace spanforge::train
