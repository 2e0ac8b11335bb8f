#include "train/eval/proportioninterval.h"

#include <algorithm>
#include <cmath>

namespace spanforge::train {

ProportionInterval ProportionInterval::wilson(int64_t hits, int64_t n) {
  if (n <= 0) return {};
  constexpr double z = 1.959963984540054;  // the normal quantile for 95%
  const double total = static_cast<double>(n);
  const double p = static_cast<double>(std::clamp<int64_t>(hits, 0, n)) / total;
  const double z2n = z * z / total;
  const double centre = (p + z2n / 2) / (1 + z2n);
  const double half = z * std::sqrt(p * (1 - p) / total + z2n / (4 * total)) / (1 + z2n);
  return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

}  // namespace spanforge::train
