#include "transformer/bertencoderbody.h"

#include <torch/nn/functional/dropout.h>
#include <torch/nn/module.h>
#include <torch/nn/modules/embedding.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/modules/normalization.h>

#include <cmath>

namespace spanforge::transformer {

// One block, whichever family's names it wears. Named, not anonymous: Impl,
// declared in the header, holds them.
struct BertBlock {
  torch::nn::Linear q{nullptr}, k{nullptr}, v{nullptr}, out{nullptr}, up{nullptr}, down{nullptr};
  torch::nn::LayerNorm attentionNorm{nullptr}, outputNorm{nullptr};
};

namespace {

using torch::nn::Embedding;
using torch::nn::LayerNorm;
using torch::nn::Linear;

LayerNorm norm(torch::nn::Module& parent, const std::string& name, int64_t width, double eps) {
  return parent.register_module(name, LayerNorm(torch::nn::LayerNormOptions({width}).eps(eps)));
}

}  // namespace

struct BertEncoderBody::Impl {
  EncoderConfig config;
  Embedding words{nullptr}, positions{nullptr}, types{nullptr};
  LayerNorm embeddingNorm{nullptr};
  Linear project{nullptr};  // ELECTRA, when its embeddings are narrower
  std::vector<BertBlock> blocks;
  double dropout = 0.1;
};

BertEncoderBody::~BertEncoderBody() = default;

BertEncoderBody::BertEncoderBody(torch::nn::Module& root, const EncoderConfig& c)
    : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  m.config = c;
  const bool distil = c.family == EncoderFamily::DistilBert;
  const double eps = distil ? 1e-12 : c.layerNormEps;
  auto& emb = child(root, "embeddings");
  m.words = emb.register_module("word_embeddings", Embedding(c.vocab, c.embedding));
  m.positions = emb.register_module("position_embeddings", Embedding(c.positions, c.embedding));
  if (!distil)
    m.types = emb.register_module("token_type_embeddings", Embedding(c.typeVocab, c.embedding));
  m.embeddingNorm = norm(emb, "LayerNorm", c.embedding, eps);
  if (c.family == EncoderFamily::Electra && c.embedding != c.hidden)
    m.project = root.register_module("embeddings_project", Linear(c.embedding, c.hidden));
  auto& layers = child(child(root, distil ? "transformer" : "encoder"), "layer");
  const int64_t h = c.hidden;
  for (int64_t i = 0; i < c.layers; ++i) {
    auto& l = child(layers, std::to_string(i));
    BertBlock b;
    if (distil) {
      auto& a = child(l, "attention");
      b.q = a.register_module("q_lin", Linear(h, h));
      b.k = a.register_module("k_lin", Linear(h, h));
      b.v = a.register_module("v_lin", Linear(h, h));
      b.out = a.register_module("out_lin", Linear(h, h));
      b.attentionNorm = norm(l, "sa_layer_norm", h, eps);
      auto& f = child(l, "ffn");
      b.up = f.register_module("lin1", Linear(h, c.intermediate));
      b.down = f.register_module("lin2", Linear(c.intermediate, h));
      b.outputNorm = norm(l, "output_layer_norm", h, eps);
    } else {
      auto& a = child(l, "attention");
      auto& s = child(a, "self");
      b.q = s.register_module("query", Linear(h, h));
      b.k = s.register_module("key", Linear(h, h));
      b.v = s.register_module("value", Linear(h, h));
      auto& o = child(a, "output");
      b.out = o.register_module("dense", Linear(h, h));
      b.attentionNorm = norm(o, "LayerNorm", h, eps);
      b.up = child(l, "intermediate").register_module("dense", Linear(h, c.intermediate));
      auto& out = child(l, "output");
      b.down = out.register_module("dense", Linear(c.intermediate, h));
      b.outputNorm = norm(out, "LayerNorm", h, eps);
    }
    m.blocks.push_back(b);
  }
}

at::Tensor BertEncoderBody::forward(const at::Tensor& ids, const at::Tensor& mask, bool train) {
  Impl& m = *impl_;
  const EncoderConfig& c = m.config;
  const int64_t batch = ids.size(0), length = ids.size(1);
  const auto longs = torch::TensorOptions().dtype(torch::kLong).device(ids.device());
  torch::Tensor positions;
  if (c.family == EncoderFamily::Roberta || c.family == EncoderFamily::XlmRoberta) {
    // Counted over the non-padding ids, after the padding id (as RoBERTa was trained).
    const torch::Tensor real = ids.ne(c.padId).to(torch::kLong);
    positions = torch::cumsum(real, 1) * real + c.padId;
  } else {
    positions = torch::arange(length, longs).unsqueeze(0).expand({batch, length});
  }
  torch::Tensor x = m.words(ids) + m.positions(positions);
  if (m.types) x = x + m.types(torch::zeros({batch, length}, longs));
  x = m.embeddingNorm(x);
  x = torch::dropout(x, m.dropout, train);
  if (m.project) x = m.project(x);

  const int64_t heads = c.heads, width = c.hidden / heads;
  // Masked keys get the type's lowest value before the softmax, as Hugging Face adds.
  const torch::Tensor keyMask = mask.ne(0).view({batch, 1, 1, length});
  const auto split = [&](const torch::Tensor& t) {
    return t.view({batch, length, heads, width}).transpose(1, 2);
  };
  for (BertBlock& b : m.blocks) {
    const torch::Tensor q = split(b.q(x)), k = split(b.k(x)), v = split(b.v(x));
    torch::Tensor scores = torch::matmul(q, k.transpose(-1, -2)) / std::sqrt(double(width));
    scores = scores.masked_fill(keyMask.logical_not(), lowestFor(scores));
    torch::Tensor weights = torch::dropout(torch::softmax(scores, -1), m.dropout, train);
    torch::Tensor context =
        torch::matmul(weights, v).transpose(1, 2).contiguous().view({batch, length, c.hidden});
    torch::Tensor attended = b.attentionNorm(x + torch::dropout(b.out(context), m.dropout, train));
    torch::Tensor ffn = b.down(activate(b.up(attended), c.activation));
    x = b.outputNorm(attended + torch::dropout(ffn, m.dropout, train));
  }
  return x;
}

}  // namespace spanforge::transformer
