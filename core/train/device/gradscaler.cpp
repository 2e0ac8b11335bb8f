#include "train/device/gradscaler.h"

#include <torch/torch.h>

#include <cmath>
#include <stdexcept>

namespace spanforge::train {

struct GradScaler::Impl {
  bool enabled = false;
  Options options;
  // Created on the loss's device at the first scale(), as PyTorch does:
  // float32 and int32 one-element tensors, the types the AMP kernels take.
  torch::Tensor scale;
  torch::Tensor growthTracker;
  torch::Tensor foundInf;  // of the last unscale(); undefined until then

  void init(const torch::Device& device) {
    if (scale.defined()) return;
    const auto on = torch::TensorOptions().device(device);
    scale = torch::full({1}, options.initScale, on.dtype(torch::kFloat32));
    growthTracker = torch::zeros({1}, on.dtype(torch::kInt32));
  }

  // What _amp_update_scale_ does, in float32 like its kernel.
  void updateOnHost() {
    const bool inf = foundInf.item<float>() != 0.0F;
    auto s = scale.item<float>();
    int32_t tracker = growthTracker.item<int32_t>();
    if (inf) {
      s *= static_cast<float>(options.backoffFactor);
      tracker = 0;
    } else if (++tracker == options.growthInterval) {
      const float grown = s * static_cast<float>(options.growthFactor);
      if (std::isfinite(grown)) s = grown;  // never grow past float32 to inf
      tracker = 0;
    }
    scale.fill_(s);
    growthTracker.fill_(tracker);
  }
};

GradScaler::GradScaler(bool enabled) : GradScaler(enabled, Options{}) {}

GradScaler::GradScaler(bool enabled, const Options& options) : impl_(std::make_unique<Impl>()) {
  impl_->enabled = enabled;
  impl_->options = options;
}

GradScaler::~GradScaler() = default;

bool GradScaler::enabled() const { return impl_->enabled; }

torch::Tensor GradScaler::scale(const torch::Tensor& loss) const {
  if (!impl_->enabled) return loss;
  impl_->init(loss.device());
  return loss * impl_->scale.reshape({});  // a scalar loss stays a scalar
}

bool GradScaler::unscale(const std::vector<torch::Tensor>& parameters) {
  if (!impl_->enabled) return true;
  Impl& d = *impl_;
  if (d.foundInf.defined())
    throw std::logic_error("GradScaler::unscale called twice before update");
  std::vector<torch::Tensor> grads;
  for (const auto& p : parameters)
    if (p.grad().defined()) grads.push_back(p.grad());
  const torch::Device device = grads.empty() ? torch::Device(torch::kCPU) : grads[0].device();
  d.init(device);
  torch::NoGradGuard noGrad;
  // The reciprocal in double, as PyTorch computes it.
  const torch::Tensor invScale = d.scale.to(torch::kFloat64).reciprocal().to(torch::kFloat32);
  d.foundInf = torch::zeros({1}, torch::TensorOptions().dtype(torch::kFloat32).device(device));
  if (device.is_cuda()) {
    // One fused kernel: every gradient times invScale, foundInf = 1 on any inf/NaN.
    at::_amp_foreach_non_finite_check_and_unscale_(grads, d.foundInf, invScale);
  } else {
    for (auto& g : grads) {
      d.foundInf.add_(g.isfinite().logical_not().any());
      g.mul_(invScale);
    }
    d.foundInf.clamp_max_(1.0);
  }
  return d.foundInf.item<float>() == 0.0F;
}

void GradScaler::update() {
  if (!impl_->enabled) return;
  Impl& d = *impl_;
  if (!d.foundInf.defined()) throw std::logic_error("GradScaler::update called before unscale");
  if (d.scale.is_cuda()) {
    at::_amp_update_scale_(d.scale, d.growthTracker, d.foundInf, d.options.growthFactor,
                           d.options.backoffFactor, d.options.growthInterval);
  } else {
    d.updateOnHost();
  }
  d.foundInf = torch::Tensor();
}

double GradScaler::currentScale() const {
  return impl_->scale.defined() ? impl_->scale.item<double>() : impl_->options.initScale;
}

int64_t GradScaler::cleanSteps() const {
  return impl_->growthTracker.defined() ? impl_->growthTracker.item<int64_t>() : 0;
}

}  // namespace spanforge::train
