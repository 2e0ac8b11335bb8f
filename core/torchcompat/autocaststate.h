#pragma once

#include <cstdint>

namespace spanforge::torchcompat {

// The calling thread's autocast state for one kind of device, over the two
// APIs libtorch has had: 1.13's per-kind functions (is_cpu_enabled,
// set_autocast_gpu_dtype, ...), which 2.4 deprecated, and 2.x's functions
// taking a DeviceType. The only file that knows which libtorch it was given.
// Torch stays out of this header (core headers are included by Qt code).
enum class AutocastDevice { Cpu, Cuda };

bool autocastEnabled(AutocastDevice device);
void setAutocastEnabled(AutocastDevice device, bool enabled);
int8_t autocastDtype(AutocastDevice device);  // an at::ScalarType
void setAutocastDtype(AutocastDevice device, int8_t type);

}  // namespace spanforge::torchcompat
