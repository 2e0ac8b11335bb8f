#include "model/bilstmencoder.h"

#include <torch/nn/functional/dropout.h>
#include <torch/nn/module.h>
#include <torch/nn/modules/rnn.h>
#include <torch/nn/utils/rnn.h>

#include <string>
#include <vector>

namespace spanforge::model {

namespace rnn = torch::nn::utils::rnn;

struct BiLstmEncoder::Impl {
  // One module per layer (not num_layers) so that inter-layer dropout
  // follows our `train` argument rather than the module's train flag.
  std::vector<torch::nn::LSTM> layers;
  int64_t hidden = 0;
  double dropout = 0.0;
};

BiLstmEncoder::BiLstmEncoder(torch::nn::Module& owner, int64_t inputDim, int64_t hidden,
                             int64_t layers, double dropout)
    : impl_(std::make_unique<Impl>()) {
  impl_->hidden = hidden;
  impl_->dropout = dropout;
  for (int64_t i = 0; i < layers; ++i) {
    const int64_t in = i == 0 ? inputDim : 2 * hidden;
    impl_->layers.push_back(owner.register_module(
        "lstm" + std::to_string(i),
        torch::nn::LSTM(torch::nn::LSTMOptions(in, hidden).bidirectional(true).batch_first(true))));
  }
}

BiLstmEncoder::~BiLstmEncoder() = default;

at::Tensor BiLstmEncoder::forward(const at::Tensor& x, const at::Tensor& /*mask*/,
                                  const at::Tensor& lengths, bool train) const {
  // Empty sentences still take one (padding) step; the CRF ignores them.
  const torch::Tensor lens = lengths.clamp_min(1).to(torch::kCPU);
  rnn::PackedSequence packed = rnn::pack_padded_sequence(x, lens, /*batch_first=*/true,
                                                         /*enforce_sorted=*/false);
  for (size_t i = 0; i < impl_->layers.size(); ++i) {
    if (i > 0 && train && impl_->dropout > 0) {
      packed = rnn::PackedSequence(torch::dropout(packed.data(), impl_->dropout, true),
                                   packed.batch_sizes(), packed.sorted_indices(),
                                   packed.unsorted_indices());
    }
    packed = std::get<0>(impl_->layers[i]->forward_with_packed_input(packed));
  }
  return std::get<0>(rnn::pad_packed_sequence(packed, /*batch_first=*/true, 0.0, x.size(1)));
}

int64_t BiLstmEncoder::outputDim() const { return 2 * impl_->hidden; }

}  // namespace spanforge::model
