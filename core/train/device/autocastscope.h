#pragma once

#include <cstdint>
#include <string>

namespace spanforge::train {

// training.mixed_precision for the forward pass of one batch: while it lives,
// autocast runs the eligible ops (linear, matmul, convolutions) of `device`
// in bfloat16 ("bf16") or, on CUDA only, float16 ("fp16", which needs loss
// scaling: GradScaler) on the calling thread; the weights and gradients stay
// fp32. Autocast state is thread-local, so the scope must be opened on the
// training thread. "off", and "fp16" off CUDA, do nothing.
class AutocastScope {
 public:
  AutocastScope(const std::string& device, const std::string& mode);
  ~AutocastScope();
  AutocastScope(const AutocastScope&) = delete;
  AutocastScope& operator=(const AutocastScope&) = delete;

  // The modes training.mixed_precision accepts.
  static bool supported(const std::string& mode) {
    return mode == "off" || mode == "bf16" || mode == "fp16";
  }

 private:
  bool active_ = false;
  bool cuda_ = false;
  bool wasEnabled_ = false;
  int8_t previousType_ = 0;  // at::ScalarType, kept out of this header
};

}  // namespace spanforge::train
