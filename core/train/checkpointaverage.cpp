#include "train/checkpointaverage.h"

#include "model/nermodel.h"

#include <torch/torch.h>

#include <deque>
#include <stdexcept>
#include <vector>

namespace spanforge::train {

struct CheckpointAverage::Impl {
  size_t count = 0;
  std::deque<std::vector<torch::Tensor>> recent;  // oldest first
  std::vector<torch::Tensor> mean;                // of `recent` when the best was added
  int64_t averaged = 0;
};

CheckpointAverage::CheckpointAverage(int64_t count) : impl_(std::make_unique<Impl>()) {
  if (count < 2) throw std::invalid_argument("a checkpoint average needs at least 2 checkpoints");
  impl_->count = static_cast<size_t>(count);
}

CheckpointAverage::~CheckpointAverage() = default;

void CheckpointAverage::add(model::NerModel& model, bool best) {
  torch::NoGradGuard noGrad;
  Impl& d = *impl_;
  std::vector<torch::Tensor> weights;
  if (d.recent.size() == d.count) {  // reuse the oldest checkpoint's memory
    weights = std::move(d.recent.front());
    d.recent.pop_front();
  }
  const auto params = model.module().parameters();
  if (weights.size() != params.size()) {
    weights.clear();
    for (const auto& p : params) weights.push_back(p.detach().clone());
  } else {
    for (size_t i = 0; i < params.size(); ++i) weights[i].copy_(params[i]);
  }
  d.recent.push_back(std::move(weights));
  if (!best) return;
  d.averaged = static_cast<int64_t>(d.recent.size());
  d.mean.clear();
  if (d.averaged < 2) return;
  for (size_t i = 0; i < params.size(); ++i) {
    torch::Tensor sum = d.recent.front()[i].clone();
    for (size_t k = 1; k < d.recent.size(); ++k) sum.add_(d.recent[k][i]);
    d.mean.push_back(sum.div_(static_cast<double>(d.recent.size())));
  }
}

int64_t CheckpointAverage::averaged() const { return impl_->mean.empty() ? 0 : impl_->averaged; }

void CheckpointAverage::load(model::NerModel& model) const {
  torch::NoGradGuard noGrad;
  const auto params = model.module().parameters();
  for (size_t i = 0; i < params.size() && i < impl_->mean.size(); ++i)
    params[i].copy_(impl_->mean[i]);
}

}  // namespace spanforge::train
