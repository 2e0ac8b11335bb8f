#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::transformer {

enum class EncoderFamily { Bert, Roberta, XlmRoberta, DistilBert, Electra, ModernBert };
const char* toString(EncoderFamily f);

// What an encoder's config.json says about its shape, whatever the family
// calls it (DistilBERT's dim and n_layers are hidden and layers here).
struct EncoderConfig {
  EncoderFamily family = EncoderFamily::Bert;
  std::string name;       // config.json's _name_or_path; may be empty
  std::string modelType;  // config.json's model_type
  int64_t vocab = 0;
  int64_t hidden = 0;
  int64_t embedding = 0;  // ELECTRA's embedding width; the others: hidden
  int64_t layers = 0;
  int64_t heads = 0;
  int64_t intermediate = 0;
  int64_t positions = 0;  // max_position_embeddings
  int64_t typeVocab = 0;  // token types (0 for DistilBERT)
  int64_t padId = 0;      // RoBERTa's positions start after it
  double layerNormEps = 1e-12;
  std::string activation = "gelu";
  // ModernBERT only: rotary positions instead of a table, and full
  // attention in some layers, a window of localWindow subwords in the others.
  std::vector<bool> globalLayers;  // per layer
  int64_t localWindow = 0;         // local_attention: keys within +-localWindow/2
  double globalRopeTheta = 0, localRopeTheta = 0;
  double embeddingDropout = 0, attentionDropout = 0, mlpDropout = 0;
  bool normBias = true, attentionBias = true, mlpBias = true;

  // Reads config.json; throws std::runtime_error naming the file and the
  // field: an architecture other than the six, or a missing or impossible size.
  static EncoderConfig load(const std::string& path);
};

// One tensor a checkpoint of this config must hold (names as Hugging Face's
// base model saves them, without a "bert." style prefix).
struct ExpectedTensor {
  std::string name;
  std::vector<int64_t> shape;
};
std::vector<ExpectedTensor> expectedTensors(const EncoderConfig& c);
int64_t parameterCount(const EncoderConfig& c);
// Where the blocks' parameters are named, before the layer's number:
// "encoder.layer.", DistilBERT's "transformer.layer.", ModernBERT's "layers.".
std::string layerPrefix(const EncoderConfig& c);

}  // namespace spanforge::transformer
