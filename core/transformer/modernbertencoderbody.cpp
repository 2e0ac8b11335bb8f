#include "transformer/modernbertencoderbody.h"

#include <torch/nn/functional/dropout.h>

#include <cmath>

namespace spanforge::transformer {
namespace {

using torch::nn::Linear;
using torch::nn::LinearOptions;
using ModulePtr = std::shared_ptr<torch::nn::Module>;

ModulePtr child(torch::nn::Module& parent, const std::string& name) {
  return parent.register_module(name, std::make_shared<torch::nn::Module>());
}

Linear linear(torch::nn::Module& parent, const std::string& name, int64_t in, int64_t out,
              bool bias) {
  return parent.register_module(name, Linear(LinearOptions(in, out).bias(bias)));
}

}  // namespace

at::Tensor ModernBertEncoderBody::Norm::operator()(const at::Tensor& x, double eps) const {
  return torch::layer_norm(x, {weight.size(0)}, weight, bias, eps);
}

ModernBertEncoderBody::Norm ModernBertEncoderBody::norm(torch::nn::Module& parent,
                                                        const std::string& name) const {
  auto m = child(parent, name);
  Norm n;
  n.weight = m->register_parameter("weight", torch::ones({config_.hidden}));
  if (config_.normBias) n.bias = m->register_parameter("bias", torch::zeros({config_.hidden}));
  return n;
}

ModernBertEncoderBody::ModernBertEncoderBody(torch::nn::Module& root, const EncoderConfig& c)
    : config_(c) {
  auto emb = child(root, "embeddings");
  words_ = emb->register_module("tok_embeddings", torch::nn::Embedding(c.vocab, c.hidden));
  embeddingNorm_ = norm(*emb, "norm");
  auto layers = child(root, "layers");
  const int64_t h = c.hidden;
  for (int64_t i = 0; i < c.layers; ++i) {
    auto l = child(*layers, std::to_string(i));
    Block b;
    b.global = c.globalLayers.at(static_cast<size_t>(i));
    b.hasAttentionNorm = i > 0;
    if (b.hasAttentionNorm) b.attentionNorm = norm(*l, "attn_norm");
    auto a = child(*l, "attn");
    b.qkv = linear(*a, "Wqkv", h, 3 * h, c.attentionBias);
    b.attentionOut = linear(*a, "Wo", h, h, c.attentionBias);
    b.mlpNorm = norm(*l, "mlp_norm");
    auto f = child(*l, "mlp");
    b.up = linear(*f, "Wi", h, 2 * c.intermediate, c.mlpBias);
    b.down = linear(*f, "Wo", c.intermediate, h, c.mlpBias);
    blocks_.push_back(b);
  }
  finalNorm_ = norm(root, "final_norm");
}

std::pair<at::Tensor, at::Tensor> ModernBertEncoderBody::angles(double theta, int64_t length,
                                                                const c10::Device& device) const {
  const int64_t width = config_.hidden / config_.heads;
  const auto floats = torch::TensorOptions().dtype(torch::kFloat).device(device);
  // As transformers computes them: theta ** (2i / width) in float, then
  // every position times each inverse frequency, the halves repeated.
  const torch::Tensor exponents = torch::arange(0, width, 2, floats) / static_cast<double>(width);
  const torch::Tensor inverse = 1.0 / torch::pow(theta, exponents);
  const torch::Tensor freqs = torch::outer(torch::arange(length, floats), inverse);
  const torch::Tensor both = torch::cat({freqs, freqs}, -1).view({1, 1, length, width});
  return {both.cos(), both.sin()};
}

at::Tensor ModernBertEncoderBody::rotate(const at::Tensor& x, const at::Tensor& cos,
                                         const at::Tensor& sin) {
  const int64_t half = x.size(-1) / 2;
  const torch::Tensor turned = torch::cat({-x.narrow(-1, half, half), x.narrow(-1, 0, half)}, -1);
  return x * cos + turned * sin;
}

at::Tensor ModernBertEncoderBody::forward(const at::Tensor& ids, const at::Tensor& mask,
                                          bool train) {
  const EncoderConfig& c = config_;
  const int64_t batch = ids.size(0), length = ids.size(1);
  const int64_t heads = c.heads, width = c.hidden / heads;
  torch::Tensor x = embeddingNorm_(words_(ids), c.layerNormEps);
  x = torch::dropout(x, c.embeddingDropout, train);

  // Keys a query may not see: padding everywhere, and in the local layers
  // anything further than half the window.
  const torch::Tensor keyMask = mask.ne(0).view({batch, 1, 1, length});
  const auto longs = torch::TensorOptions().dtype(torch::kLong).device(ids.device());
  const torch::Tensor at = torch::arange(length, longs);
  const torch::Tensor near =
      (at.view({length, 1}) - at.view({1, length})).abs().le(c.localWindow / 2);
  const torch::Tensor blocked[2] = {
      keyMask.logical_not(), keyMask.logical_and(near.view({1, 1, length, length})).logical_not()};
  const auto global = angles(c.globalRopeTheta, length, ids.device());
  const auto local = angles(c.localRopeTheta, length, ids.device());
  const double scale = 1.0 / std::sqrt(static_cast<double>(width));

  for (Block& b : blocks_) {
    const torch::Tensor in = b.hasAttentionNorm ? b.attentionNorm(x, c.layerNormEps) : x;
    // [B, S, 3, H, D] -> three [B, H, S, D]
    const auto qkv = b.qkv(in).view({batch, length, 3, heads, width}).permute({2, 0, 3, 1, 4});
    const auto& [cos, sin] = b.global ? global : local;
    const torch::Tensor q = rotate(qkv[0], cos, sin), k = rotate(qkv[1], cos, sin);
    torch::Tensor scores = torch::matmul(q, k.transpose(-1, -2)) * scale;
    scores = scores.masked_fill(blocked[b.global ? 0 : 1], lowestOf(scores.scalar_type()));
    torch::Tensor weights = torch::softmax(scores, -1, torch::kFloat).to(q.scalar_type());
    weights = torch::dropout(weights, c.attentionDropout, train);
    const torch::Tensor context =
        torch::matmul(weights, qkv[2]).transpose(1, 2).contiguous().view({batch, length, c.hidden});
    x = x + torch::dropout(b.attentionOut(context), c.attentionDropout, train);
    const auto parts = b.up(b.mlpNorm(x, c.layerNormEps)).chunk(2, -1);
    const torch::Tensor gated = activate(parts[0], c.activation) * parts[1];
    x = x + b.down(torch::dropout(gated, c.mlpDropout, train));
  }
  return finalNorm_(x, c.layerNormEps);
}

}  // namespace spanforge::transformer
