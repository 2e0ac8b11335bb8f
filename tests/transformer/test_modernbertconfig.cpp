// ModernBERT's config.json as published checkpoints write it (global_attn_every_n_layers,
// global/local_rope_theta) and as newer transformers saves it (layer_types,
// rope_parameters), and what is refused.
#include "catchapi.h"
#include "tempdir.h"
#include "transformer/encoderconfig.h"

#include <nlohmann/json.hpp>

#include <fstream>

using nlohmann::json;
using spanforge::testing::TempDir;
using spanforge::transformer::EncoderConfig;
using spanforge::transformer::EncoderFamily;
using spanforge::transformer::expectedTensors;
using spanforge::transformer::layerPrefix;
using spanforge::transformer::parameterCount;

namespace {

// answerdotai/ModernBERT-base's config.json, the fields that shape the model.
json base() {
  return {{"model_type", "modernbert"},
          {"vocab_size", 50368},
          {"hidden_size", 768},
          {"intermediate_size", 1152},
          {"num_hidden_layers", 22},
          {"num_attention_heads", 12},
          {"max_position_embeddings", 8192},
          {"global_attn_every_n_layers", 3},
          {"local_attention", 128},
          {"global_rope_theta", 160000.0},
          {"local_rope_theta", 10000.0},
          {"norm_eps", 1e-5},
          {"norm_bias", false},
          {"attention_bias", false},
          {"mlp_bias", false},
          {"hidden_activation", "gelu"},
          {"pad_token_id", 50283}};
}

EncoderConfig load(const TempDir& dir, const json& j) {
  std::ofstream(dir.file("config.json")) << j.dump();
  return EncoderConfig::load(dir.file("config.json"));
}

}  // namespace

TEST_CASE("ModernBERT config: the published base model's shape") {
  TempDir dir;
  const EncoderConfig c = load(dir, base());
  CHECK(c.family == EncoderFamily::ModernBert);
  CHECK(c.hidden == 768);
  CHECK(c.positions == 8192);
  CHECK(c.padId == 50283);
  REQUIRE(c.globalLayers.size() == 22);
  CHECK(c.globalLayers[0]);
  CHECK_FALSE(c.globalLayers[1]);
  CHECK_FALSE(c.globalLayers[2]);
  CHECK(c.globalLayers[3]);
  CHECK(c.globalLayers[21]);
  CHECK(c.localWindow == 128);
  CHECK(c.globalRopeTheta == 160000.0);
  CHECK(c.localRopeTheta == 10000.0);
  CHECK_FALSE(c.normBias);
  CHECK(layerPrefix(c) == "layers.");
  // 38,682,624 embeddings + 768 norm + 22 x 5,015,040 per layer - 768 (no
  // attn_norm in layer 0) + 768 final norm. The masked-LM head adds 640,960
  // (dense 768x768, norm 768, decoder bias 50,368; the decoder is tied):
  // 149,655,232 in all, the "149M" of ModernBERT-base's model card.
  CHECK(parameterCount(c) == 149014272);
  const auto tensors = expectedTensors(c);
  CHECK(tensors.front().name == "embeddings.tok_embeddings.weight");
  CHECK(tensors.back().name == "final_norm.weight");
  for (const auto& t : tensors) CHECK(t.name.find("layers.0.attn_norm") == std::string::npos);
}

TEST_CASE("ModernBERT config: layer_types and rope_parameters say the same") {
  TempDir dir;
  const EncoderConfig legacy = load(dir, base());
  json j = base();
  j.erase("global_attn_every_n_layers");
  j.erase("global_rope_theta");
  j.erase("local_rope_theta");
  json types = json::array();
  for (int i = 0; i < 22; ++i) types.push_back(i % 3 == 0 ? "full_attention" : "sliding_attention");
  j["layer_types"] = types;
  j["rope_parameters"] = {
      {"full_attention", {{"rope_type", "default"}, {"rope_theta", 160000.0}}},
      {"sliding_attention", {{"rope_type", "default"}, {"rope_theta", 10000.0}}}};
  const EncoderConfig now = load(dir, j);
  CHECK(now.globalLayers == legacy.globalLayers);
  CHECK(now.globalRopeTheta == legacy.globalRopeTheta);
  CHECK(now.localRopeTheta == legacy.localRopeTheta);
}

TEST_CASE("ModernBERT config: what cannot be computed is refused by name") {
  TempDir dir;
  json j = base();
  j["num_attention_heads"] = 256;  // heads of width 3: rotary positions need an even width
  CHECK_THROWS_WITH(load(dir, j), ContainsSubstring("even width"));
  j = base();
  j["rope_parameters"] = {{"full_attention", {{"rope_type", "yarn"}, {"rope_theta", 1.0}}},
                          {"sliding_attention", {{"rope_type", "default"}, {"rope_theta", 1.0}}}};
  CHECK_THROWS_WITH(load(dir, j), ContainsSubstring("rope_type 'yarn'"));
  j = base();
  j["layer_types"] = json::array({"full_attention"});
  CHECK_THROWS_WITH(load(dir, j), ContainsSubstring("layer_types names 1 layers"));
  j = base();
  j.erase("hidden_size");
  CHECK_THROWS_WITH(load(dir, j), ContainsSubstring("config.json: no hidden_size"));
}
