#pragma once

#include <cstddef>
#include <vector>

namespace spanforge::train {

// How far a reliability bin's accuracy strays from its mean score by chance
// alone: E|K/n - mean(scores)| when each of the n spans is right with
// exactly its score as probability (K is Poisson-binomial). Summed over bins
// like the ECE, it is the error a perfectly calibrated model would show on
// as many spans, which is what a measured ECE should be read against: on
// 600 spans it is about 0.04. Exact up to kExactSpans spans, a normal
// approximation above (its error is then well under 1%).
class SamplingGap {
 public:
  static constexpr size_t kExactSpans = 2000;
  static double expected(const std::vector<double>& scores);
};

}  // namespace spanforge::train
