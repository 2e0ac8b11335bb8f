#include "train/parameteraverage.h"

#include "model/nermodel.h"

#include <torch/torch.h>

#include <algorithm>

namespace spanforge::train {

struct ParameterAverage::Impl {
  double decay = 0.0;
  int64_t updates = 0;
  std::vector<torch::Tensor> params;  // the model's trainable parameters
  std::vector<torch::Tensor> average;
};

ParameterAverage::ParameterAverage(double decay) : impl_(std::make_unique<Impl>()) {
  impl_->decay = decay;
}

ParameterAverage::~ParameterAverage() = default;

void ParameterAverage::update(model::NerModel& model) {
  torch::NoGradGuard noGrad;
  Impl& d = *impl_;
  if (d.updates == 0) {
    for (const auto& p : model.module().parameters()) {
      if (!p.requires_grad()) continue;  // frozen vectors never change
      d.params.push_back(p);
      d.average.push_back(p.detach().clone());
    }
    d.updates = 1;
    return;
  }
  const double t = static_cast<double>(d.updates);
  const double decay = std::min(d.decay, (1.0 + t) / (10.0 + t));
  for (size_t i = 0; i < d.params.size(); ++i)
    d.average[i].mul_(decay).add_(d.params[i].detach(), 1.0 - decay);
  ++d.updates;
}

void ParameterAverage::adoptNewlyTrainable(model::NerModel& model) {
  Impl& d = *impl_;
  if (d.updates == 0) return;  // the first update takes every trainable one
  torch::NoGradGuard noGrad;
  for (const auto& p : model.module().parameters()) {
    if (!p.requires_grad()) continue;
    const bool held = std::any_of(d.params.begin(), d.params.end(),
                                  [&](const torch::Tensor& h) { return h.is_same(p); });
    if (held) continue;
    d.params.push_back(p);
    d.average.push_back(p.detach().clone());
  }
}

void ParameterAverage::swap() {
  torch::NoGradGuard noGrad;
  Impl& d = *impl_;
  for (size_t i = 0; i < d.params.size(); ++i) {
    torch::Tensor current = d.params[i].detach().clone();
    d.params[i].copy_(d.average[i]);
    d.average[i] = std::move(current);
  }
}

int64_t ParameterAverage::updates() const { return impl_->updates; }

}  // namespace spanforge::train
