#include "train/data/devdraw.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <numeric>
#include <random>

namespace spanforge::train {

std::vector<bool> drawDev(size_t poolSize, const DataSettings& settings) {
  std::vector<bool> isDev(poolSize, false);
  if (poolSize < 2) return isDev;
  // Own Fisher-Yates over mt19937_64 output: the same draw on every platform.
  std::mt19937_64 rng(static_cast<uint64_t>(settings.devSeed));
  std::vector<size_t> order(poolSize);
  std::iota(order.begin(), order.end(), size_t{0});
  for (size_t i = order.size() - 1; i > 0; --i) std::swap(order[i], order[rng() % (i + 1)]);
  size_t devCount =
      static_cast<size_t>(std::llround(settings.devFraction * static_cast<double>(poolSize)));
  devCount = std::min(std::max<size_t>(devCount, 1), poolSize - 1);
  for (size_t k = 0; k < devCount; ++k) isDev[order[k]] = true;
  return isDev;
}

}  // namespace spanforge::train
