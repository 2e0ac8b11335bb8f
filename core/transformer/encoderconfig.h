#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::transformer {

enum class EncoderFamily { Bert, Roberta, XlmRoberta, DistilBert, Electra };
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

  // Reads config.json; throws std::runtime_error naming the file and the
  // field: an architecture other than the five, or a missing or impossible size.
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

}  // namespace spanforge::transformer
