#include "train/data/devdraw.h"

#include "train/data/splitmix64.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace spanforge::train {

std::vector<bool> drawDev(const std::vector<int64_t>& documentIds, const DataSettings& settings) {
  const size_t n = documentIds.size();
  std::vector<bool> isDev(n, false);
  if (n < 2) return isDev;
  const uint64_t seed = splitmix64(static_cast<uint64_t>(settings.devSeed));
  std::vector<std::pair<uint64_t, size_t>> order(n);
  for (size_t i = 0; i < n; ++i)
    order[i] = {splitmix64(seed ^ static_cast<uint64_t>(documentIds[i])), i};
  size_t devCount =
      static_cast<size_t>(std::llround(settings.devFraction * static_cast<double>(n)));
  devCount = std::min(std::max<size_t>(devCount, 1), n - 1);
  std::nth_element(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(devCount - 1),
                   order.end());
  for (size_t k = 0; k < devCount; ++k) isDev[order[k].second] = true;
  return isDev;
}

}  // namespace spanforge::train
