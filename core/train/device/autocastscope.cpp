#include "train/device/autocastscope.h"

#include <ATen/autocast_mode.h>

namespace spanforge::train {

AutocastScope::AutocastScope(const std::string& device, const std::string& mode) {
  cuda_ = device.rfind("cuda", 0) == 0;
  // libtorch 1.13's CPU autocast knows bfloat16 only: fp16 off CUDA runs in
  // fp32 (the trainer refuses it; the tests use it to check loss scaling).
  if (mode != "bf16" && !(mode == "fp16" && cuda_)) return;
  active_ = true;
  if (cuda_) {
    wasEnabled_ = at::autocast::is_enabled();
    previousType_ = static_cast<int8_t>(at::autocast::get_autocast_gpu_dtype());
    at::autocast::set_autocast_gpu_dtype(mode == "fp16" ? at::kHalf : at::kBFloat16);
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
