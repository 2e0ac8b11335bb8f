#include "transformer/modernbertconfig.h"

#include "transformer/jsonfile.h"
#include "transformer/modelfoldererror.h"

#include <stdexcept>

namespace spanforge::transformer {
namespace {

using nlohmann::json;

double number(const json& j, const char* key, double fallback) {
  return j.contains(key) && j.at(key).is_number() ? j.at(key).get<double>() : fallback;
}

double ropeTheta(const json& j, const std::string& path, const std::string& layerType,
                 const char* legacyKey, double fallback) {
  if (!j.contains("rope_parameters")) return number(j, legacyKey, fallback);
  const json& all = j.at("rope_parameters");
  const json& p = all.is_object() && all.contains(layerType) ? all.at(layerType) : all;
  if (!p.is_object() || !p.contains("rope_theta"))
    throw ModelFolderError(path + ": rope_parameters has no rope_theta for " + layerType);
  if (p.value("rope_type", "default") != "default")
    throw ModelFolderError(path + ": rope_type '" + p.value("rope_type", "") + "' of " + layerType +
                           " is not supported (default is)");
  return p.at("rope_theta").get<double>();
}

void addTensor(std::vector<ExpectedTensor>& out, const std::string& name,
               std::vector<int64_t> shape) {
  out.push_back({name, std::move(shape)});
}

void addLinear(std::vector<ExpectedTensor>& out, const std::string& name, int64_t in, int64_t width,
               bool bias) {
  addTensor(out, name + ".weight", {width, in});
  if (bias) addTensor(out, name + ".bias", {width});
}

void addNorm(std::vector<ExpectedTensor>& out, const std::string& name, int64_t width, bool bias) {
  addTensor(out, name + ".weight", {width});
  if (bias) addTensor(out, name + ".bias", {width});
}

}  // namespace

void readModernBertConfig(const json& j, const std::string& path, EncoderConfig& c) {
  c.hidden = c.embedding = positiveInt(j, path, "hidden_size");
  c.layers = positiveInt(j, path, "num_hidden_layers");
  c.heads = positiveInt(j, path, "num_attention_heads");
  c.intermediate = positiveInt(j, path, "intermediate_size");
  c.localWindow = positiveInt(j, path, "local_attention", 128);
  c.layerNormEps = number(j, "norm_eps", 1e-5);
  c.activation = j.value("hidden_activation", "gelu");
  c.normBias = j.value("norm_bias", false);
  c.attentionBias = j.value("attention_bias", false);
  c.mlpBias = j.value("mlp_bias", false);
  c.embeddingDropout = number(j, "embedding_dropout", 0.0);
  c.attentionDropout = number(j, "attention_dropout", 0.0);
  c.mlpDropout = number(j, "mlp_dropout", 0.0);
  c.globalLayers.assign(static_cast<size_t>(c.layers), false);
  if (j.contains("layer_types") && j.at("layer_types").is_array()) {
    const json& types = j.at("layer_types");
    if (types.size() != c.globalLayers.size())
      throw ModelFolderError(path + ": layer_types names " + std::to_string(types.size()) +
                             " layers, num_hidden_layers " + std::to_string(c.layers));
    for (size_t i = 0; i < types.size(); ++i) {
      const std::string t = types.at(i).is_string() ? types.at(i).get<std::string>() : "";
      if (t != "full_attention" && t != "sliding_attention")
        throw ModelFolderError(path + ": layer_types[" + std::to_string(i) + "] '" + t +
                               "' is neither full_attention nor sliding_attention");
      c.globalLayers[i] = t == "full_attention";
    }
  } else {
    // As ModernBertAttention decides: layer i attends globally when i % n == 0.
    const int64_t every = positiveInt(j, path, "global_attn_every_n_layers", 3);
    for (int64_t i = 0; i < c.layers; ++i) c.globalLayers[static_cast<size_t>(i)] = i % every == 0;
  }
  c.globalRopeTheta = ropeTheta(j, path, "full_attention", "global_rope_theta", 160000.0);
  c.localRopeTheta = ropeTheta(j, path, "sliding_attention", "local_rope_theta", 10000.0);
  if (c.hidden % c.heads != 0 || (c.hidden / c.heads) % 2 != 0)
    throw ModelFolderError(path + ": the hidden size (" + std::to_string(c.hidden) +
                           ") must split into attention heads (" + std::to_string(c.heads) +
                           ") of an even width, which rotary positions need");
}

void appendModernBertTensors(const EncoderConfig& c, std::vector<ExpectedTensor>& out) {
  const int64_t h = c.hidden;
  addTensor(out, "embeddings.tok_embeddings.weight", {c.vocab, h});
  addNorm(out, "embeddings.norm", h, c.normBias);
  for (int64_t i = 0; i < c.layers; ++i) {
    const std::string l = "layers." + std::to_string(i) + ".";
    if (i > 0) addNorm(out, l + "attn_norm", h, c.normBias);
    addLinear(out, l + "attn.Wqkv", h, 3 * h, c.attentionBias);
    addLinear(out, l + "attn.Wo", h, h, c.attentionBias);
    addNorm(out, l + "mlp_norm", h, c.normBias);
    addLinear(out, l + "mlp.Wi", h, 2 * c.intermediate, c.mlpBias);
    addLinear(out, l + "mlp.Wo", c.intermediate, h, c.mlpBias);
  }
  addNorm(out, "final_norm", h, c.normBias);
}

}  // namespace spanforge::transformer
