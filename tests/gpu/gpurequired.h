#pragma once

// The GPU tests (tests/gpu) need a usable CUDA device. Without one a test is
// skipped, saying why (ctest reports it as skipped, not passed).

#include "catchapi.h"
#include "train/device/computedevice.h"

namespace spanforge::testing {

inline void requireGpu() {
  if (!train::ComputeDevice::cudaAvailable())
    SKIP_TEST("no GPU to test on: " << train::ComputeDevice::cudaProblem());
}

}  // namespace spanforge::testing
