#pragma once

// The GPU tests (tests/gpu) need a usable CUDA device. Without one, a test
// ends its process with 77, which ctest reports as skipped
// (SKIP_RETURN_CODE), after saying why; the rest of the suite never calls this.

#include "train/device/computedevice.h"

#include <cstdio>
#include <cstdlib>

namespace spanforge::testing {

inline constexpr int kSkipExitCode = 77;

inline void requireGpu() {
  if (train::ComputeDevice::cudaAvailable()) return;
  std::printf("skipped: no GPU to test on: %s\n", train::ComputeDevice::cudaProblem().c_str());
  std::fflush(stdout);
  std::_Exit(kSkipExitCode);
}

}  // namespace spanforge::testing
