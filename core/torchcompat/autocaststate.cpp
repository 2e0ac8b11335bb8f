#include "torchcompat/autocaststate.h"

#include <ATen/autocast_mode.h>
#include <torch/version.h>

// libtorch 2.4 added the DeviceType overloads and deprecated the old names.
#if TORCH_VERSION_MAJOR > 2 || (TORCH_VERSION_MAJOR == 2 && TORCH_VERSION_MINOR >= 4)
#define SPANFORGE_AUTOCAST_BY_DEVICE_TYPE 1
#endif

namespace spanforge::torchcompat {
namespace {

[[maybe_unused]] at::DeviceType typeOf(AutocastDevice device) {
  return device == AutocastDevice::Cuda ? at::kCUDA : at::kCPU;
}

}  // namespace

bool autocastEnabled(AutocastDevice device) {
#ifdef SPANFORGE_AUTOCAST_BY_DEVICE_TYPE
  return at::autocast::is_autocast_enabled(typeOf(device));
#else
  return device == AutocastDevice::Cuda ? at::autocast::is_enabled()
                                        : at::autocast::is_cpu_enabled();
#endif
}

void setAutocastEnabled(AutocastDevice device, bool enabled) {
#ifdef SPANFORGE_AUTOCAST_BY_DEVICE_TYPE
  at::autocast::set_autocast_enabled(typeOf(device), enabled);
#else
  if (device == AutocastDevice::Cuda)
    at::autocast::set_enabled(enabled);
  else
    at::autocast::set_cpu_enabled(enabled);
#endif
}

int8_t autocastDtype(AutocastDevice device) {
#ifdef SPANFORGE_AUTOCAST_BY_DEVICE_TYPE
  const at::ScalarType type = at::autocast::get_autocast_dtype(typeOf(device));
#else
  const at::ScalarType type = device == AutocastDevice::Cuda
                                  ? at::autocast::get_autocast_gpu_dtype()
                                  : at::autocast::get_autocast_cpu_dtype();
#endif
  return static_cast<int8_t>(type);
}

void setAutocastDtype(AutocastDevice device, int8_t type) {
  const auto t = static_cast<at::ScalarType>(type);
#ifdef SPANFORGE_AUTOCAST_BY_DEVICE_TYPE
  at::autocast::set_autocast_dtype(typeOf(device), t);
#else
  if (device == AutocastDevice::Cuda)
    at::autocast::set_autocast_gpu_dtype(t);
  else
    at::autocast::set_autocast_cpu_dtype(t);
#endif
}

}  // namespace spanforge::torchcompat
