#include "model/cnnencoder.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/modules/normalization.h>

#include <string>
#include <vector>

namespace spanforge::model {

struct CnnEncoder::Impl {
  torch::nn::Linear project{nullptr};
  std::vector<torch::nn::LayerNorm> norms;
  std::vector<torch::nn::Conv1d> convs;
  int64_t hidden = 0;
  double dropout = 0.0;
};

CnnEncoder::CnnEncoder(torch::nn::Module& owner, int64_t inputDim, int64_t hidden, int64_t depth,
                       int64_t kernel, double dropout)
    : impl_(std::make_unique<Impl>()) {
  impl_->hidden = hidden;
  impl_->dropout = dropout;
  impl_->project = owner.register_module("cnn_project", torch::nn::Linear(inputDim, hidden));
  int64_t dilation = 1;
  for (int64_t i = 0; i < depth; ++i, dilation *= 2) {
    const std::string n = std::to_string(i);
    impl_->norms.push_back(owner.register_module(
        "cnn_norm" + n, torch::nn::LayerNorm(torch::nn::LayerNormOptions({hidden}))));
    impl_->convs.push_back(owner.register_module(
        "cnn_conv" + n, torch::nn::Conv1d(torch::nn::Conv1dOptions(hidden, hidden, kernel)
                                              .dilation(dilation)
                                              .padding(dilation * (kernel / 2)))));
  }
}

CnnEncoder::~CnnEncoder() = default;

at::Tensor CnnEncoder::forward(const at::Tensor& x, const at::Tensor& mask,
                               const at::Tensor& /*lengths*/, bool train) const {
  const int64_t steps = x.size(1);
  const torch::Tensor keep = mask.unsqueeze(2).to(x.scalar_type());  // [B, T, 1]
  torch::Tensor h = impl_->project->forward(x) * keep;
  for (size_t i = 0; i < impl_->convs.size(); ++i) {
    torch::Tensor r = (impl_->norms[i]->forward(h) * keep).transpose(1, 2);
    // Even kernels yield T + dilation outputs: keep the first T.
    r = impl_->convs[i]->forward(r).narrow(2, 0, steps).transpose(1, 2);
    r = torch::dropout(torch::relu(r), impl_->dropout, train);
    h = h + r * keep;
  }
  return h;
}

int64_t CnnEncoder::outputDim() const { return impl_->hidden; }

}  // namespace spanforge::model
