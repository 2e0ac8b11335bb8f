#pragma once

#include <cstdint>
#include <memory>
#include <vector>

namespace at {
class Tensor;
}

namespace spanforge::train {

// Dynamic loss scaling for fp16 training, as torch.cuda.amp.GradScaler does
// it (libtorch 1.13 has no C++ one). fp16 gradients below ~6e-8 underflow to
// zero, so the loss is multiplied by a large scale before backward; unscale()
// divides the gradients back before they are clipped or applied and says
// whether one is inf or NaN: then the scale overflowed and the step must be
// skipped. update() halves the scale after such a step and doubles it after
// growthInterval clean steps in a row. The state lives in tensors on the
// gradients' device: on CUDA the fused AMP kernels update it; elsewhere
// (libtorch 1.13 has no CPU kernels) plain tensor ops do the same.
class GradScaler {
 public:
  struct Options {
    double initScale = 65536.0;  // 2^16
    double growthFactor = 2.0;
    double backoffFactor = 0.5;
    int64_t growthInterval = 2000;
  };

  // A disabled scaler leaves losses and gradients alone and never skips.
  explicit GradScaler(bool enabled);
  GradScaler(bool enabled, const Options& options);
  ~GradScaler();
  GradScaler(const GradScaler&) = delete;
  GradScaler& operator=(const GradScaler&) = delete;

  bool enabled() const;
  // loss * scale, to back-propagate instead of the loss.
  at::Tensor scale(const at::Tensor& loss) const;
  // Divides the gradient of every parameter that has one by the scale, once
  // per step, before clipping. Returns false when one is inf or NaN.
  bool unscale(const std::vector<at::Tensor>& parameters);
  // After the step (applied or skipped): adapts the scale to what the last
  // unscale() found.
  void update();

  double currentScale() const;  // initScale before the first scale()
  int64_t cleanSteps() const;   // since the scale last changed (growth tracker)

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::train
