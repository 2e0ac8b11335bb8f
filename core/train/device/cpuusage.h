#pragma once

#include <chrono>

namespace spanforge::train {

// How busy the calling process keeps the CPU: user + system time of all its
// threads (getrusage) over wall-clock time, between two calls. In percent of
// one core, so a process with several busy threads exceeds 100.
class CpuUsage {
 public:
  CpuUsage();

  // Since the previous call (the first: since construction); -1 when the
  // CPU time cannot be read, 0 when no wall time has passed.
  double sample();

 private:
  double cpuSeconds_;
  std::chrono::steady_clock::time_point wall_;
};

}  // namespace spanforge::train
