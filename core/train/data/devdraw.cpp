#include "train/data/devdraw.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <utility>

namespace spanforge::train {
namespace {

// SplitMix64's finaliser: the same value on every platform.
uint64_t mix(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace

std::vector<bool> drawDev(const std::vector<int64_t>& documentIds, const DataSettings& settings) {
  const size_t n = documentIds.size();
  std::vector<bool> isDev(n, false);
  if (n < 2) return isDev;
  const uint64_t seed = mix(static_cast<uint64_t>(settings.devSeed));
  std::vector<std::pair<uint64_t, size_t>> order(n);
  for (size_t i = 0; i < n; ++i) order[i] = {mix(seed ^ static_cast<uint64_t>(documentIds[i])), i};
  size_t devCount =
      static_cast<size_t>(std::llround(settings.devFraction * static_cast<double>(n)));
  devCount = std::min(std::max<size_t>(devCount, 1), n - 1);
  std::nth_element(order.begin(), order.begin() + static_cast<std::ptrdiff_t>(devCount - 1),
                   order.end());
  for (size_t k = 0; k < devCount; ++k) isDev[order[k].second] = true;
  return isDev;
}

}  // namespace spanforge::train
