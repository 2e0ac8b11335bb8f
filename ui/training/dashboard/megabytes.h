#pragma once

#include <cmath>
#include <cstdint>

namespace spanforge::ui {

inline constexpr double kMb = 1024.0 * 1024.0;

// In MB, to 0.1 MB: page-sized wiggles of the memory figures would otherwise
// keep a flat line from being merged into a few points (see appendCompressed).
inline double megabytes(int64_t bytes) {
  return std::round(static_cast<double>(bytes) / kMb * 10) / 10;
}

}  // namespace spanforge::ui
