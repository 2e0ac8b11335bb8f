#include "train/parametersnapshot.h"

#include "model/nermodel.h"

#include <torch/torch.h>

namespace spanforge::train {

struct ParameterSnapshot::Impl {
  std::vector<torch::Tensor> values;
};

ParameterSnapshot::ParameterSnapshot() : impl_(std::make_unique<Impl>()) {}
ParameterSnapshot::~ParameterSnapshot() = default;

void ParameterSnapshot::capture(model::NerModel& model) {
  torch::NoGradGuard noGrad;
  auto& values = impl_->values;
  const auto params = model.module().parameters();
  if (values.size() == params.size()) {
    // Same shapes every time: copy into the buffers instead of reallocating.
    for (size_t i = 0; i < params.size(); ++i) values[i].copy_(params[i]);
    return;
  }
  values.clear();
  for (const auto& p : params) values.push_back(p.detach().clone());
}

void ParameterSnapshot::restore(model::NerModel& model) const {
  torch::NoGradGuard noGrad;
  const auto params = model.module().parameters();
  for (size_t i = 0; i < params.size() && i < impl_->values.size(); ++i)
    params[i].copy_(impl_->values[i]);
}

bool ParameterSnapshot::empty() const { return impl_->values.empty(); }

}  // namespace spanforge::train
