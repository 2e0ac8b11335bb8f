#include "model/charcnn.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/conv.h>
#include <torch/nn/modules/embedding.h>

namespace spanforge::model {

struct CharCnn::Impl {
  torch::nn::Embedding embed{nullptr};
  torch::nn::Conv1d conv{nullptr};
  int64_t filters = 0;
  int64_t kernel = 0;
};

CharCnn::CharCnn(torch::nn::Module& owner, const std::string& name, int64_t vocab, int64_t charDim,
                 int64_t filters, int64_t kernel)
    : impl_(std::make_unique<Impl>()) {
  impl_->filters = filters;
  impl_->kernel = kernel;
  impl_->embed = owner.register_module(
      name + "_embed",
      torch::nn::Embedding(torch::nn::EmbeddingOptions(vocab, charDim).padding_idx(0)));
  impl_->conv = owner.register_module(
      name + "_conv",
      torch::nn::Conv1d(torch::nn::Conv1dOptions(charDim, filters, kernel).padding(kernel / 2)));
}

CharCnn::~CharCnn() = default;

at::Tensor CharCnn::forward(const at::Tensor& ids) const {
  const int64_t width = ids.size(1);
  // [N, C, dim] -> [N, dim, C] -> conv -> [N, filters, C] (even kernels give C+1: cut)
  torch::Tensor h = impl_->conv->forward(impl_->embed->forward(ids).transpose(1, 2));
  h = torch::relu(h.narrow(2, 0, width));
  // ReLU output is >= 0, so zeroing padding keeps it out of the max and
  // leaves empty rows at 0 instead of -inf.
  h = h.masked_fill(ids.eq(0).unsqueeze(1), 0.0);
  return std::get<0>(h.max(2));
}

int64_t CharCnn::outputDim() const { return impl_->filters; }

}  // namespace spanforge::model
