#include "model/languagemodelhead.h"

#include <torch/nn/functional/loss.h>
#include <torch/nn/module.h>
#include <torch/nn/modules/linear.h>

namespace spanforge::model {

struct LanguageModelHead::Impl {
  torch::nn::Linear forward{nullptr};   // reads the forward half, predicts t+1
  torch::nn::Linear backward{nullptr};  // reads the backward half, predicts t-1
  int64_t hidden = 0;
};

LanguageModelHead::LanguageModelHead(torch::nn::Module& owner, int64_t hidden)
    : impl_(std::make_unique<Impl>()) {
  const int64_t out = 2 * kCharacters * kClasses;
  impl_->hidden = hidden;
  impl_->forward = owner.register_module("lm_forward", torch::nn::Linear(hidden, out));
  impl_->backward = owner.register_module("lm_backward", torch::nn::Linear(hidden, out));
}

LanguageModelHead::~LanguageModelHead() = default;

at::Tensor LanguageModelHead::targets(const std::vector<at::Tensor>& charBuckets,
                                      const at::Tensor& charOrder, int64_t batch, int64_t steps) {
  constexpr int64_t n = kCharacters;
  std::vector<torch::Tensor> rows;
  for (const torch::Tensor& ids : charBuckets) {
    // Rows are characters then 0-padding; buckets are at least n wide.
    const torch::Tensor length = ids.ne(0).sum(1, /*keepdim=*/true);
    std::vector<torch::Tensor> last;
    for (int64_t k = 0; k < n; ++k) {
      const torch::Tensor at = length - 1 - k;
      last.push_back(ids.gather(1, at.clamp_min(0)).masked_fill(at.lt(0), 0));
    }
    rows.push_back(torch::cat({ids.narrow(1, 0, n), torch::cat(last, 1)}, 1));
  }
  // Slots past the bucketed tokens (padding, empty tokens) predict nothing.
  rows.push_back(torch::zeros({1, 2 * n}, charOrder.options()));
  const torch::Tensor all = torch::cat(rows, 0).index_select(0, charOrder);
  return all.clamp_max(kClasses - 1).view({batch, steps, 2 * n});
}

at::Tensor LanguageModelHead::loss(const at::Tensor& encoded, const at::Tensor& targets) const {
  namespace F = torch::nn::functional;
  const int64_t b = encoded.size(0);
  const int64_t t = encoded.size(1);
  if (t < 2) return encoded.sum() * 0.0;  // nothing has a neighbour
  const int64_t h = impl_->hidden;
  const torch::Tensor x = encoded.to(torch::kFloat);
  const torch::Tensor fwd = impl_->forward->forward(x.narrow(1, 0, t - 1).narrow(2, 0, h));
  const torch::Tensor bwd = impl_->backward->forward(x.narrow(1, 1, t - 1).narrow(2, h, h));
  const torch::Tensor logits = torch::cat({fwd, bwd}, 1).reshape({-1, kClasses});
  const torch::Tensor gold =
      torch::cat({targets.narrow(1, 1, t - 1), targets.narrow(1, 0, t - 1)}, 1).reshape({-1});
  const torch::Tensor sum = F::cross_entropy(
      logits, gold, F::CrossEntropyFuncOptions().ignore_index(0).reduction(torch::kSum));
  return sum / static_cast<double>(2 * kCharacters * b);
}

}  // namespace spanforge::model
