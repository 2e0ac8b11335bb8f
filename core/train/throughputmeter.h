#pragma once

#include <cstdint>

namespace spanforge::train {

// Words per second over recent steps: words and seconds both decay by
// kDecay per step, so the figure follows speed changes (batch sizes grow
// under the compounding schedule) without jumping with every batch.
class ThroughputMeter {
 public:
  static constexpr double kDecay = 0.9;

  void add(int64_t words, double seconds);
  double wordsPerSecond() const;  // 0 before the first add()

 private:
  double words_ = 0.0;
  double seconds_ = 0.0;
};

}  // namespace spanforge::train
