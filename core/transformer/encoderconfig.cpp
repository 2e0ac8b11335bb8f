#include "transformer/encoderconfig.h"

#include "transformer/jsonfile.h"

#include <stdexcept>

namespace spanforge::transformer {
namespace {

using nlohmann::json;

int64_t size(const json& j, const std::string& file, const char* key, int64_t fallback = -1) {
  if (!j.contains(key)) {
    if (fallback >= 0) return fallback;
    throw std::runtime_error(file + ": no " + key);
  }
  if (!j.at(key).is_number_integer() || j.at(key).get<int64_t>() <= 0)
    throw std::runtime_error(file + ": " + key + " must be a positive whole number");
  return j.at(key).get<int64_t>();
}

void push(std::vector<ExpectedTensor>& out, const std::string& name, std::vector<int64_t> shape) {
  out.push_back({name, std::move(shape)});
}

void linear(std::vector<ExpectedTensor>& out, const std::string& name, int64_t in, int64_t outW) {
  push(out, name + ".weight", {outW, in});
  push(out, name + ".bias", {outW});
}

void norm(std::vector<ExpectedTensor>& out, const std::string& name, int64_t width) {
  push(out, name + ".weight", {width});
  push(out, name + ".bias", {width});
}

}  // namespace

const char* toString(EncoderFamily f) {
  switch (f) {
    case EncoderFamily::Bert:
      return "BERT";
    case EncoderFamily::Roberta:
      return "RoBERTa";
    case EncoderFamily::XlmRoberta:
      return "XLM-RoBERTa";
    case EncoderFamily::DistilBert:
      return "DistilBERT";
    case EncoderFamily::Electra:
      return "ELECTRA";
  }
  return "?";
}

EncoderConfig EncoderConfig::load(const std::string& path) {
  const json j = readJsonFile(path);
  EncoderConfig c;
  c.name = j.value("_name_or_path", "");
  c.modelType = j.value("model_type", "");
  if (c.modelType == "bert")
    c.family = EncoderFamily::Bert;
  else if (c.modelType == "roberta")
    c.family = EncoderFamily::Roberta;
  else if (c.modelType == "xlm-roberta")
    c.family = EncoderFamily::XlmRoberta;
  else if (c.modelType == "distilbert")
    c.family = EncoderFamily::DistilBert;
  else if (c.modelType == "electra")
    c.family = EncoderFamily::Electra;
  else
    throw std::runtime_error(path + ": model_type '" + c.modelType +
                             "' is not supported (bert, roberta, xlm-roberta, distilbert and "
                             "electra are)");
  c.vocab = size(j, path, "vocab_size");
  c.positions = size(j, path, "max_position_embeddings");
  if (c.family == EncoderFamily::DistilBert) {
    c.hidden = size(j, path, "dim");
    c.layers = size(j, path, "n_layers");
    c.heads = size(j, path, "n_heads");
    c.intermediate = size(j, path, "hidden_dim");
    c.layerNormEps = 1e-12;
    c.activation = j.value("activation", "gelu");
  } else {
    c.hidden = size(j, path, "hidden_size");
    c.layers = size(j, path, "num_hidden_layers");
    c.heads = size(j, path, "num_attention_heads");
    c.intermediate = size(j, path, "intermediate_size");
    c.typeVocab = size(j, path, "type_vocab_size", 2);
    c.layerNormEps = j.value("layer_norm_eps", 1e-12);
    c.activation = j.value("hidden_act", "gelu");
  }
  c.embedding =
      c.family == EncoderFamily::Electra ? size(j, path, "embedding_size", c.hidden) : c.hidden;
  c.padId = j.value("pad_token_id", int64_t{0});
  if (c.hidden % c.heads != 0)
    throw std::runtime_error(path + ": the hidden size (" + std::to_string(c.hidden) +
                             ") is not a multiple of the attention heads (" +
                             std::to_string(c.heads) + ")");
  if (c.activation != "gelu" && c.activation != "relu" && c.activation != "gelu_new")
    throw std::runtime_error(path + ": activation '" + c.activation +
                             "' is not supported (gelu, gelu_new and relu are)");
  return c;
}

std::vector<ExpectedTensor> expectedTensors(const EncoderConfig& c) {
  std::vector<ExpectedTensor> out;
  const int64_t h = c.hidden, e = c.embedding;
  push(out, "embeddings.word_embeddings.weight", {c.vocab, e});
  push(out, "embeddings.position_embeddings.weight", {c.positions, e});
  if (c.family == EncoderFamily::DistilBert) {
    norm(out, "embeddings.LayerNorm", h);
    for (int64_t i = 0; i < c.layers; ++i) {
      const std::string l = "transformer.layer." + std::to_string(i) + ".";
      for (const char* q : {"q_lin", "k_lin", "v_lin", "out_lin"})
        linear(out, l + "attention." + q, h, h);
      norm(out, l + "sa_layer_norm", h);
      linear(out, l + "ffn.lin1", h, c.intermediate);
      linear(out, l + "ffn.lin2", c.intermediate, h);
      norm(out, l + "output_layer_norm", h);
    }
    return out;
  }
  push(out, "embeddings.token_type_embeddings.weight", {c.typeVocab, e});
  norm(out, "embeddings.LayerNorm", e);
  if (c.family == EncoderFamily::Electra && e != h) linear(out, "embeddings_project", e, h);
  for (int64_t i = 0; i < c.layers; ++i) {
    const std::string l = "encoder.layer." + std::to_string(i) + ".";
    for (const char* q : {"query", "key", "value"}) linear(out, l + "attention.self." + q, h, h);
    linear(out, l + "attention.output.dense", h, h);
    norm(out, l + "attention.output.LayerNorm", h);
    linear(out, l + "intermediate.dense", h, c.intermediate);
    linear(out, l + "output.dense", c.intermediate, h);
    norm(out, l + "output.LayerNorm", h);
  }
  return out;
}

int64_t parameterCount(const EncoderConfig& c) {
  int64_t n = 0;
  for (const ExpectedTensor& t : expectedTensors(c)) {
    int64_t k = 1;
    for (int64_t d : t.shape) k *= d;
    n += k;
  }
  return n;
}

}  // namespace spanforge::transformer
