#include "train/eval/samplinggap.h"

#include <algorithm>
#include <cmath>

namespace spanforge::train {

double SamplingGap::expected(const std::vector<double>& scores) {
  const size_t n = scores.size();
  if (n == 0) return 0.0;
  double mean = 0.0, variance = 0.0;
  for (double s : scores) {
    const double p = std::clamp(s, 0.0, 1.0);
    mean += p;
    variance += p * (1.0 - p);
  }
  const auto count = static_cast<double>(n);
  mean /= count;
  if (n > kExactSpans) return std::sqrt(variance) / count * std::sqrt(2.0 / M_PI);
  // The distribution of K, one span at a time.
  std::vector<double> pk(n + 1, 0.0);
  pk[0] = 1.0;
  for (size_t i = 0; i < n; ++i) {
    const double p = std::clamp(scores[i], 0.0, 1.0);
    for (size_t k = i + 1; k > 0; --k) pk[k] = pk[k] * (1.0 - p) + pk[k - 1] * p;
    pk[0] *= 1.0 - p;
  }
  double gap = 0.0;
  for (size_t k = 0; k <= n; ++k) gap += pk[k] * std::abs(static_cast<double>(k) / count - mean);
  return gap;
}

}  // namespace spanforge::train
