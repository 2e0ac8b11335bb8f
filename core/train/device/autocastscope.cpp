#include "train/device/autocastscope.h"

#include <ATen/autocast_mode.h>

namespace spanforge::train {

AutocastScope::AutocastScope(const std::string& device, const std::string& mode) {
  if (mode != "bf16") return;
  active_ = true;
  cuda_ = device.rfind("cuda", 0) == 0;
  if (cuda_) {
    wasEnabled_ = at::autocast::is_enabled();
    previousType_ = static_cast<int8_t>(at::autocast::get_autocast_gpu_dtype());
    at::autocast::set_autocast_gpu_dtype(at::kBFloat16);
    at::autocast::set_enabled(true);
  } else {
    wasEnabled_ = at::autocast::is_cpu_enabled();
    previousType_ = static_cast<int8_t>(at::autocast::get_autocast_cpu_dtype());
    at::autocast::set_autocast_cpu_dtype(at::kBFloat16);
    at::autocast::set_cpu_enabled(true);
  }
  at::autocast::increment_nesting();
}

AutocastScope::~AutocastScope() {
  if (!active_) return;
  // Leaving the outermost scope frees the weights' cached bf16 copies.
  if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
  const auto type = static_cast<at::ScalarType>(previousType_);
  if (cuda_) {
    at::autocast::set_enabled(wasEnabled_);
    at::autocast::set_autocast_gpu_dtype(type);
  } else {
    at::autocast::set_cpu_enabled(wasEnabled_);
    at::autocast::set_autocast_cpu_dtype(type);
  }
}

}  // namespace spanforge::train
