#pragma once

#include "transformer/encoderbody.h"
#include "transformer/encoderconfig.h"

#include <torch/nn/module.h>
#include <torch/nn/modules/embedding.h>
#include <torch/nn/modules/linear.h>

#include <vector>

namespace spanforge::transformer {

// ModernBERT as Hugging Face's modelling code computes it without flash
// attention: a normed token embedding (no positions), pre-norm blocks whose
// attention turns queries and keys by rotary positions and sees every key in
// the global layers, keys within local_attention / 2 in the others, a gated
// GELU feed-forward, and a final norm. Norms and linears have no bias unless
// the config asks for one.
class ModernBertEncoderBody : public EncoderBody {
 public:
  ModernBertEncoderBody(torch::nn::Module& root, const EncoderConfig& config);
  at::Tensor forward(const at::Tensor& ids, const at::Tensor& mask, bool train) override;

 private:
  // LayerNorm with an optional bias (torch::nn::LayerNorm always has one).
  struct Norm {
    at::Tensor weight, bias;
    at::Tensor operator()(const at::Tensor& x, double eps) const;
  };
  struct Block {
    bool global = true;
    bool hasAttentionNorm = false;  // the first block reads the embedding's norm
    Norm attentionNorm, mlpNorm;
    torch::nn::Linear qkv{nullptr}, attentionOut{nullptr}, up{nullptr}, down{nullptr};
  };

  Norm norm(torch::nn::Module& parent, const std::string& name) const;
  // Queries or keys [B, H, S, D] turned by their positions' angles.
  static at::Tensor rotate(const at::Tensor& x, const at::Tensor& cos, const at::Tensor& sin);
  // cos and sin [1, 1, S, D] of positions 0..S-1, in float, for one theta.
  std::pair<at::Tensor, at::Tensor> angles(double theta, int64_t length,
                                           const c10::Device& device) const;

  EncoderConfig config_;
  torch::nn::Embedding words_{nullptr};
  Norm embeddingNorm_, finalNorm_;
  std::vector<Block> blocks_;
};

}  // namespace spanforge::transformer
