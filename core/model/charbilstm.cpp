#include "model/charbilstm.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/embedding.h>
#include <torch/nn/modules/rnn.h>
#include <torch/nn/utils/rnn.h>

namespace spanforge::model {

namespace rnn = torch::nn::utils::rnn;

struct CharBiLstm::Impl {
  torch::nn::Embedding embed{nullptr};
  torch::nn::LSTM lstm{nullptr};
  int64_t hidden = 0;
};

CharBiLstm::CharBiLstm(torch::nn::Module& owner, const std::string& name, int64_t vocab,
                       int64_t charDim, int64_t hidden)
    : impl_(std::make_unique<Impl>()) {
  impl_->hidden = hidden;
  impl_->embed = owner.register_module(
      name + "_embed",
      torch::nn::Embedding(torch::nn::EmbeddingOptions(vocab, charDim).padding_idx(0)));
  impl_->lstm = owner.register_module(
      name + "_lstm",
      torch::nn::LSTM(
          torch::nn::LSTMOptions(charDim, hidden).bidirectional(true).batch_first(true)));
}

CharBiLstm::~CharBiLstm() = default;

at::Tensor CharBiLstm::forward(const at::Tensor& ids) const {
  const torch::Tensor lengths = ids.ne(0).sum(1).clamp_min(1).to(torch::kCPU);
  const rnn::PackedSequence packed = rnn::pack_padded_sequence(
      impl_->embed->forward(ids), lengths, /*batch_first=*/true, /*enforce_sorted=*/false);
  // Final states [2, N, hidden] (forward, backward), in the rows' own order.
  const torch::Tensor last =
      std::get<0>(std::get<1>(impl_->lstm->forward_with_packed_input(packed)));
  return last.transpose(0, 1).reshape({ids.size(0), 2 * impl_->hidden});
}

int64_t CharBiLstm::outputDim() const { return 2 * impl_->hidden; }

}  // namespace spanforge::model
