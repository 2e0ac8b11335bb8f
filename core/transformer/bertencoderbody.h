#pragma once

#include "transformer/encoderbody.h"
#include "transformer/encoderconfig.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/embedding.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/modules/normalization.h>

#include <vector>

namespace spanforge::transformer {

// BERT, RoBERTa, XLM-RoBERTa, ELECTRA and DistilBERT as Hugging Face's
// modelling code computes them: learned positions (RoBERTa's counted after
// the padding id), then post-norm self-attention blocks, named as each
// family's checkpoints name them.
class BertEncoderBody : public EncoderBody {
 public:
  BertEncoderBody(torch::nn::Module& root, const EncoderConfig& config);
  at::Tensor forward(const at::Tensor& ids, const at::Tensor& mask, bool train) override;

 private:
  struct Block {
    torch::nn::Linear q{nullptr}, k{nullptr}, v{nullptr}, out{nullptr}, up{nullptr}, down{nullptr};
    torch::nn::LayerNorm attentionNorm{nullptr}, outputNorm{nullptr};
  };

  EncoderConfig config_;
  torch::nn::Embedding words_{nullptr}, positions_{nullptr}, types_{nullptr};
  torch::nn::LayerNorm embeddingNorm_{nullptr};
  torch::nn::Linear project_{nullptr};  // ELECTRA, when its embeddings are narrower
  std::vector<Block> blocks_;
  double dropout_ = 0.1;
};

}  // namespace spanforge::transformer
