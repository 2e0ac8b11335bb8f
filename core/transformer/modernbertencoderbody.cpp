#include "transformer/modernbertencoderbody.h"

#include <torch/nn/functional/dropout.h>
#include <torch/nn/module.h>
#include <torch/nn/modules/embedding.h>
#include <torch/nn/modules/linear.h>

#include <cmath>
#include <utility>
#include <vector>

namespace spanforge::transformer {

// Named, not anonymous: Impl, declared in the header, holds them.
// LayerNorm with an optional bias (torch::nn::LayerNorm always has one).
struct ModernBertNorm {
  torch::Tensor weight, bias;
  torch::Tensor operator()(const torch::Tensor& x, double eps) const {
    return torch::layer_norm(x, {weight.size(0)}, weight, bias, eps);
  }
};

struct ModernBertBlock {
  bool global = true;
  bool hasAttentionNorm = false;  // the first block reads the embedding's norm
  ModernBertNorm attentionNorm, mlpNorm;
  torch::nn::Linear qkv{nullptr}, attentionOut{nullptr}, up{nullptr}, down{nullptr};
};

namespace {

using torch::nn::Linear;
using torch::nn::LinearOptions;

Linear linear(torch::nn::Module& parent, const std::string& name, int64_t in, int64_t out,
              bool bias) {
  return parent.register_module(name, Linear(LinearOptions(in, out).bias(bias)));
}

ModernBertNorm modernNorm(torch::nn::Module& parent, const std::string& name, int64_t width,
                          bool bias) {
  auto& m = EncoderBody::child(parent, name);
  ModernBertNorm n;
  n.weight = m.register_parameter("weight", torch::ones({width}));
  if (bias) n.bias = m.register_parameter("bias", torch::zeros({width}));
  return n;
}

// cos and sin [1, 1, S, D] of positions 0..S-1, in float, as transformers
// computes them: theta ** (2i / D) in float, every position times each
// inverse frequency, the halves repeated.
std::pair<torch::Tensor, torch::Tensor> angles(double theta, int64_t length, int64_t width,
                                               const c10::Device& device) {
  const auto floats = torch::TensorOptions().dtype(torch::kFloat).device(device);
  const torch::Tensor exponents = torch::arange(0, width, 2, floats) / static_cast<double>(width);
  const torch::Tensor inverse = 1.0 / torch::pow(theta, exponents);
  const torch::Tensor freqs = torch::outer(torch::arange(length, floats), inverse);
  const torch::Tensor both = torch::cat({freqs, freqs}, -1).view({1, 1, length, width});
  return {both.cos(), both.sin()};
}

// Queries or keys [B, H, S, D] turned by their positions' angles.
torch::Tensor rotate(const torch::Tensor& x, const torch::Tensor& cos, const torch::Tensor& sin) {
  const int64_t half = x.size(-1) / 2;
  const torch::Tensor turned = torch::cat({-x.narrow(-1, half, half), x.narrow(-1, 0, half)}, -1);
  return x * cos + turned * sin;
}

}  // namespace

struct ModernBertEncoderBody::Impl {
  EncoderConfig config;
  torch::nn::Embedding words{nullptr};
  ModernBertNorm embeddingNorm, finalNorm;
  std::vector<ModernBertBlock> blocks;
};

ModernBertEncoderBody::~ModernBertEncoderBody() = default;

ModernBertEncoderBody::ModernBertEncoderBody(torch::nn::Module& root, const EncoderConfig& c)
    : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  m.config = c;
  const int64_t h = c.hidden;
  auto& emb = child(root, "embeddings");
  m.words = emb.register_module("tok_embeddings", torch::nn::Embedding(c.vocab, h));
  m.embeddingNorm = modernNorm(emb, "norm", h, c.normBias);
  auto& layers = child(root, "layers");
  for (int64_t i = 0; i < c.layers; ++i) {
    auto& l = child(layers, std::to_string(i));
    ModernBertBlock b;
    b.global = c.globalLayers.at(static_cast<size_t>(i));
    b.hasAttentionNorm = i > 0;
    if (b.hasAttentionNorm) b.attentionNorm = modernNorm(l, "attn_norm", h, c.normBias);
    auto& a = child(l, "attn");
    b.qkv = linear(a, "Wqkv", h, 3 * h, c.attentionBias);
    b.attentionOut = linear(a, "Wo", h, h, c.attentionBias);
    b.mlpNorm = modernNorm(l, "mlp_norm", h, c.normBias);
    auto& f = child(l, "mlp");
    b.up = linear(f, "Wi", h, 2 * c.intermediate, c.mlpBias);
    b.down = linear(f, "Wo", c.intermediate, h, c.mlpBias);
    m.blocks.push_back(b);
  }
  m.finalNorm = modernNorm(root, "final_norm", h, c.normBias);
}

at::Tensor ModernBertEncoderBody::forward(const at::Tensor& ids, const at::Tensor& mask,
                                          bool train) {
  Impl& m = *impl_;
  const EncoderConfig& c = m.config;
  const int64_t batch = ids.size(0), length = ids.size(1);
  const int64_t heads = c.heads, width = c.hidden / heads;
  torch::Tensor x = m.embeddingNorm(m.words(ids), c.layerNormEps);
  x = torch::dropout(x, c.embeddingDropout, train);

  // Keys a query may not see: padding everywhere, and in the local layers
  // anything further than half the window.
  const torch::Tensor keyMask = mask.ne(0).view({batch, 1, 1, length});
  const auto longs = torch::TensorOptions().dtype(torch::kLong).device(ids.device());
  const torch::Tensor pos = torch::arange(length, longs);
  const torch::Tensor near =
      (pos.view({length, 1}) - pos.view({1, length})).abs().le(c.localWindow / 2);
  const torch::Tensor blocked[2] = {
      keyMask.logical_not(), keyMask.logical_and(near.view({1, 1, length, length})).logical_not()};
  const auto global = angles(c.globalRopeTheta, length, width, ids.device());
  const auto local = angles(c.localRopeTheta, length, width, ids.device());
  const double scale = 1.0 / std::sqrt(static_cast<double>(width));

  for (ModernBertBlock& b : m.blocks) {
    const torch::Tensor in = b.hasAttentionNorm ? b.attentionNorm(x, c.layerNormEps) : x;
    // [B, S, 3, H, D] -> three [B, H, S, D]
    const auto qkv = b.qkv(in).view({batch, length, 3, heads, width}).permute({2, 0, 3, 1, 4});
    const auto& [cos, sin] = b.global ? global : local;
    const torch::Tensor q = rotate(qkv[0], cos, sin), k = rotate(qkv[1], cos, sin);
    torch::Tensor scores = torch::matmul(q, k.transpose(-1, -2)) * scale;
    scores = scores.masked_fill(blocked[b.global ? 0 : 1], lowestFor(scores));
    torch::Tensor weights = torch::softmax(scores, -1, torch::kFloat).to(q.scalar_type());
    weights = torch::dropout(weights, c.attentionDropout, train);
    const torch::Tensor context =
        torch::matmul(weights, qkv[2]).transpose(1, 2).contiguous().view({batch, length, c.hidden});
    x = x + torch::dropout(b.attentionOut(context), c.attentionDropout, train);
    const auto parts = b.up(b.mlpNorm(x, c.layerNormEps)).chunk(2, -1);
    const torch::Tensor gated = activate(parts[0], c.activation) * parts[1];
    x = x + b.down(torch::dropout(gated, c.mlpDropout, train));
  }
  return m.finalNorm(x, c.layerNormEps);
}

}  // namespace spanforge::transformer
