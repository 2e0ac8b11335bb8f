#pragma once

#include <cstdint>

namespace spanforge::train {

// A 95% Wilson score interval for a share measured as `hits` of `n`: what a
// precision measured on a few spans can and cannot promise (one right span of
// one gives 21-100%, not "100%"). Stays inside [0, 1]; n = 0 gives [0, 1].
struct ProportionInterval {
  double low = 0.0;
  double high = 1.0;

  static ProportionInterval wilson(int64_t hits, int64_t n);
};

}  // namespace spanforge::train
