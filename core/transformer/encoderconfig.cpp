#include "transformer/encoderconfig.h"

#include "transformer/jsonfile.h"
#include "transformer/modelfile.h"
#include "transformer/modelfoldererror.h"
#include "transformer/modernbertconfig.h"

#include <stdexcept>

namespace spanforge::transformer {
namespace {

using nlohmann::json;

void push(std::vector<ExpectedTensor>& out, const std::string& name, std::vector<int64_t> shape) {
  out.push_back({name, std::move(shape)});
}

void expectLinear(std::vector<ExpectedTensor>& out, const std::string& name, int64_t in,
                  int64_t outW) {
  push(out, name + ".weight", {outW, in});
  push(out, name + ".bias", {outW});
}

void expectNorm(std::vector<ExpectedTensor>& out, const std::string& name, int64_t width) {
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
    case EncoderFamily::ModernBert:
      return "ModernBERT";
  }
  return "?";
}

EncoderConfig EncoderConfig::load(const std::string& path) {
  const json j = readJsonFile(path, ModelFileLimits::kMaxConfigBytes);
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
  else if (c.modelType == "modernbert")
    c.family = EncoderFamily::ModernBert;
  else
    throw ModelFolderError(path + ": model_type '" + c.modelType +
                           "' is not supported (bert, roberta, xlm-roberta, distilbert, "
                           "electra and modernbert are)");
  c.vocab = positiveInt(j, path, "vocab_size");
  c.positions = positiveInt(j, path, "max_position_embeddings");
  if (c.family == EncoderFamily::ModernBert) {
    readModernBertConfig(j, path, c);
  } else if (c.family == EncoderFamily::DistilBert) {
    c.hidden = positiveInt(j, path, "dim");
    c.layers = positiveInt(j, path, "n_layers");
    c.heads = positiveInt(j, path, "n_heads");
    c.intermediate = positiveInt(j, path, "hidden_dim");
    c.layerNormEps = 1e-12;
    c.activation = j.value("activation", "gelu");
  } else {
    c.hidden = positiveInt(j, path, "hidden_size");
    c.layers = positiveInt(j, path, "num_hidden_layers");
    c.heads = positiveInt(j, path, "num_attention_heads");
    c.intermediate = positiveInt(j, path, "intermediate_size");
    c.typeVocab = positiveInt(j, path, "type_vocab_size", 2);
    c.layerNormEps = j.value("layer_norm_eps", 1e-12);
    c.activation = j.value("hidden_act", "gelu");
  }
  c.embedding = c.family == EncoderFamily::Electra
                    ? positiveInt(j, path, "embedding_size", c.hidden)
                    : c.hidden;
  c.padId = j.value("pad_token_id", int64_t{0});
  if (c.hidden % c.heads != 0)
    throw ModelFolderError(path + ": the hidden size (" + std::to_string(c.hidden) +
                           ") is not a multiple of the attention heads (" +
                           std::to_string(c.heads) + ")");
  if (c.activation != "gelu" && c.activation != "relu" && c.activation != "gelu_new")
    throw ModelFolderError(path + ": activation '" + c.activation +
                           "' is not supported (gelu, gelu_new and relu are)");
  return c;
}

std::vector<ExpectedTensor> expectedTensors(const EncoderConfig& c) {
  std::vector<ExpectedTensor> out;
  if (c.family == EncoderFamily::ModernBert) {
    appendModernBertTensors(c, out);
    return out;
  }
  const int64_t h = c.hidden, e = c.embedding;
  push(out, "embeddings.word_embeddings.weight", {c.vocab, e});
  push(out, "embeddings.position_embeddings.weight", {c.positions, e});
  if (c.family == EncoderFamily::DistilBert) {
    expectNorm(out, "embeddings.LayerNorm", h);
    for (int64_t i = 0; i < c.layers; ++i) {
      const std::string l = "transformer.layer." + std::to_string(i) + ".";
      for (const char* q : {"q_lin", "k_lin", "v_lin", "out_lin"})
        expectLinear(out, l + "attention." + q, h, h);
      expectNorm(out, l + "sa_layer_norm", h);
      expectLinear(out, l + "ffn.lin1", h, c.intermediate);
      expectLinear(out, l + "ffn.lin2", c.intermediate, h);
      expectNorm(out, l + "output_layer_norm", h);
    }
    return out;
  }
  push(out, "embeddings.token_type_embeddings.weight", {c.typeVocab, e});
  expectNorm(out, "embeddings.LayerNorm", e);
  if (c.family == EncoderFamily::Electra && e != h) expectLinear(out, "embeddings_project", e, h);
  for (int64_t i = 0; i < c.layers; ++i) {
    const std::string l = "encoder.layer." + std::to_string(i) + ".";
    for (const char* q : {"query", "key", "value"})
      expectLinear(out, l + "attention.self." + q, h, h);
    expectLinear(out, l + "attention.output.dense", h, h);
    expectNorm(out, l + "attention.output.LayerNorm", h);
    expectLinear(out, l + "intermediate.dense", h, c.intermediate);
    expectLinear(out, l + "output.dense", c.intermediate, h);
    expectNorm(out, l + "output.LayerNorm", h);
  }
  return out;
}

std::string layerPrefix(const EncoderConfig& c) {
  if (c.family == EncoderFamily::ModernBert) return "layers.";
  return c.family == EncoderFamily::DistilBert ? "transformer.layer." : "encoder.layer.";
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
