#include "train/device/autocastscope.h"

#include "torchcompat/autocaststate.h"
#include "train/device/computedevice.h"

#include <ATen/autocast_mode.h>

namespace spanforge::train {

using torchcompat::AutocastDevice;

AutocastScope::AutocastScope(const std::string& device, const std::string& mode) {
  cuda_ = ComputeDevice::isCuda(device);
  // libtorch 1.13's CPU autocast knows bfloat16 only: fp16 off CUDA runs in
  // fp32 (the trainer refuses it; the tests use it to check loss scaling).
  if (mode != "bf16" && !(mode == "fp16" && cuda_)) return;
  active_ = true;
  const AutocastDevice kind = cuda_ ? AutocastDevice::Cuda : AutocastDevice::Cpu;
  wasEnabled_ = torchcompat::autocastEnabled(kind);
  previousType_ = torchcompat::autocastDtype(kind);
  const at::ScalarType type = mode == "fp16" ? at::kHalf : at::kBFloat16;
  torchcompat::setAutocastDtype(kind, static_cast<int8_t>(type));
  torchcompat::setAutocastEnabled(kind, true);
  at::autocast::increment_nesting();
}

AutocastScope::~AutocastScope() {
  if (!active_) return;
  // Leaving the outermost scope frees the weights' cached bf16 copies.
  if (at::autocast::decrement_nesting() == 0) at::autocast::clear_cache();
  const AutocastDevice kind = cuda_ ? AutocastDevice::Cuda : AutocastDevice::Cpu;
  torchcompat::setAutocastEnabled(kind, wasEnabled_);
  torchcompat::setAutocastDtype(kind, previousType_);
}

}  // namespace spanforge::train
