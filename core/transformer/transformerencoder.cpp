#include "transformer/transformerencoder.h"

#include "model/safetensorsfile.h"
#include "transformer/checkpointtensor.h"

#include <torch/nn/functional/activation.h>
#include <torch/nn/functional/dropout.h>
#include <torch/nn/module.h>
#include <torch/nn/modules/embedding.h>
#include <torch/nn/modules/linear.h>
#include <torch/nn/modules/normalization.h>

#include <cmath>
#include <limits>
#include <map>
#include <stdexcept>

namespace spanforge::transformer {
namespace {

using torch::nn::Embedding;
using torch::nn::LayerNorm;
using torch::nn::Linear;
using ModulePtr = std::shared_ptr<torch::nn::Module>;

ModulePtr child(torch::nn::Module& parent, const std::string& name) {
  return parent.register_module(name, std::make_shared<torch::nn::Module>());
}

LayerNorm norm(torch::nn::Module& parent, const std::string& name, int64_t width, double eps) {
  return parent.register_module(name, LayerNorm(torch::nn::LayerNormOptions({width}).eps(eps)));
}

// One block, whichever family's names it wears.
struct Block {
  Linear q{nullptr}, k{nullptr}, v{nullptr}, out{nullptr}, up{nullptr}, down{nullptr};
  LayerNorm attentionNorm{nullptr}, outputNorm{nullptr};
};

// torch.finfo(type).min, which Hugging Face fills masked keys with: under
// autocast the scores are fp16 or bf16, where float's lowest overflows.
double lowestOf(torch::ScalarType type) {
  switch (type) {
    case torch::kDouble:
      return std::numeric_limits<double>::lowest();
    case torch::kHalf:
      return -65504.0;
    case torch::kBFloat16:
      return -3.3895313892515355e38;
    default:
      return static_cast<double>(std::numeric_limits<float>::lowest());
  }
}

}  // namespace

struct TransformerEncoder::Impl {
  EncoderConfig config;
  ModulePtr root;
  Embedding words{nullptr}, positions{nullptr}, types{nullptr};
  LayerNorm embeddingNorm{nullptr};
  Linear project{nullptr};  // ELECTRA, when its embeddings are narrower
  std::vector<Block> blocks;
  double dropout = 0.1;

  at::Tensor activate(const at::Tensor& x) const {
    if (config.activation == "relu") return torch::relu(x);
    if (config.activation == "gelu_new")
      return torch::nn::functional::gelu(
          x, torch::nn::functional::GELUFuncOptions().approximate("tanh"));
    return torch::nn::functional::gelu(x);
  }
};

TransformerEncoder::TransformerEncoder(torch::nn::Module& owner, const EncoderConfig& c)
    : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  m.config = c;
  m.root = child(owner, "transformer");
  const bool distil = c.family == EncoderFamily::DistilBert;
  const double eps = distil ? 1e-12 : c.layerNormEps;
  auto emb = child(*m.root, "embeddings");
  m.words = emb->register_module("word_embeddings", Embedding(c.vocab, c.embedding));
  m.positions = emb->register_module("position_embeddings", Embedding(c.positions, c.embedding));
  if (!distil)
    m.types = emb->register_module("token_type_embeddings", Embedding(c.typeVocab, c.embedding));
  m.embeddingNorm = norm(*emb, "LayerNorm", c.embedding, eps);
  if (c.family == EncoderFamily::Electra && c.embedding != c.hidden)
    m.project = m.root->register_module("embeddings_project", Linear(c.embedding, c.hidden));
  auto layers = child(*child(*m.root, distil ? "transformer" : "encoder"), "layer");
  const int64_t h = c.hidden;
  for (int64_t i = 0; i < c.layers; ++i) {
    auto l = child(*layers, std::to_string(i));
    Block b;
    if (distil) {
      auto a = child(*l, "attention");
      b.q = a->register_module("q_lin", Linear(h, h));
      b.k = a->register_module("k_lin", Linear(h, h));
      b.v = a->register_module("v_lin", Linear(h, h));
      b.out = a->register_module("out_lin", Linear(h, h));
      b.attentionNorm = norm(*l, "sa_layer_norm", h, eps);
      auto f = child(*l, "ffn");
      b.up = f->register_module("lin1", Linear(h, c.intermediate));
      b.down = f->register_module("lin2", Linear(c.intermediate, h));
      b.outputNorm = norm(*l, "output_layer_norm", h, eps);
    } else {
      auto a = child(*l, "attention");
      auto s = child(*a, "self");
      b.q = s->register_module("query", Linear(h, h));
      b.k = s->register_module("key", Linear(h, h));
      b.v = s->register_module("value", Linear(h, h));
      auto o = child(*a, "output");
      b.out = o->register_module("dense", Linear(h, h));
      b.attentionNorm = norm(*o, "LayerNorm", h, eps);
      b.up = child(*l, "intermediate")->register_module("dense", Linear(h, c.intermediate));
      auto out = child(*l, "output");
      b.down = out->register_module("dense", Linear(c.intermediate, h));
      b.outputNorm = norm(*out, "LayerNorm", h, eps);
    }
    m.blocks.push_back(b);
  }
}

TransformerEncoder::~TransformerEncoder() = default;

torch::nn::Module& TransformerEncoder::module() const { return *impl_->root; }
const EncoderConfig& TransformerEncoder::config() const { return impl_->config; }
int64_t TransformerEncoder::hiddenDim() const { return impl_->config.hidden; }

at::Tensor TransformerEncoder::forward(const at::Tensor& ids, const at::Tensor& mask,
                                       bool train) const {
  Impl& m = *impl_;  // holders call their modules through non-const operators
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
  for (Block& b : m.blocks) {
    const torch::Tensor q = split(b.q(x)), k = split(b.k(x)), v = split(b.v(x));
    torch::Tensor scores = torch::matmul(q, k.transpose(-1, -2)) / std::sqrt(double(width));
    scores = scores.masked_fill(keyMask.logical_not(), lowestOf(scores.scalar_type()));
    torch::Tensor weights = torch::dropout(torch::softmax(scores, -1), m.dropout, train);
    torch::Tensor context =
        torch::matmul(weights, v).transpose(1, 2).contiguous().view({batch, length, c.hidden});
    torch::Tensor attended = b.attentionNorm(x + torch::dropout(b.out(context), m.dropout, train));
    torch::Tensor ffn = b.down(m.activate(b.up(attended)));
    x = b.outputNorm(attended + torch::dropout(ffn, m.dropout, train));
  }
  return x;
}

void TransformerEncoder::load(const model::SafetensorsFile& file, const std::string& prefix) {
  // Checked and converted first, copied after: a bad file changes nothing.
  std::map<std::string, torch::Tensor> values;
  for (const auto& item : impl_->root->named_parameters()) {
    const std::string& name = item.key();
    const torch::Tensor& param = item.value();
    const auto* t = findCheckpointTensor(file, prefix, name);
    if (!t) throw std::runtime_error(file.path() + ": no " + prefix + name);
    if (t->shape != param.sizes().vec())
      throw std::runtime_error(file.path() + ": " + t->name + " is not of the shape " +
                               c10::str(param.sizes()) + " the config asks for");
    torch::ScalarType type;
    if (t->dtype == "F32")
      type = torch::kFloat;
    else if (t->dtype == "F16")
      type = torch::kHalf;
    else if (t->dtype == "BF16")
      type = torch::kBFloat16;
    else
      throw std::runtime_error(file.path() + ": " + t->name + " is " + t->dtype +
                               " (F32, F16 and BF16 are read)");
    const torch::Tensor raw = torch::from_blob(const_cast<uint8_t*>(file.data(*t)), t->shape,
                                               torch::TensorOptions().dtype(type));
    values[name] = raw.to(param.scalar_type()).clone();
  }
  torch::NoGradGuard noGrad;
  for (auto& item : impl_->root->named_parameters()) item.value().copy_(values.at(item.key()));
}

}  // namespace spanforge::transformer
