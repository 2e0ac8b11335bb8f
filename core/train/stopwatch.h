#pragma once

#include <chrono>

namespace spanforge::train {

// Seconds of wall time since construction, on the steady clock: the one way
// training, evaluation and active learning time their parts.
class Stopwatch {
 public:
  using Clock = std::chrono::steady_clock;

  double seconds() const { return std::chrono::duration<double>(Clock::now() - start_).count(); }

 private:
  Clock::time_point start_ = Clock::now();
};

}  // namespace spanforge::train
