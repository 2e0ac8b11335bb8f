#include "transformer/jsonfile.h"

#include "io/jsonrecord.h"
#include "transformer/modelfile.h"
#include "transformer/modelfoldererror.h"

#include <cstring>
#include <string_view>

namespace spanforge::transformer {
namespace {

// The most a model's config may say for a size: far above any published
// model, far below what would take memory before the weights are compared.
int64_t limitOf(const char* key) {
  static const std::pair<const char*, int64_t> kLimits[] = {
      {"num_hidden_layers", 256},    {"n_layers", 256},
      {"num_attention_heads", 1024}, {"n_heads", 1024},
      {"hidden_size", 65536},        {"dim", 65536},
      {"embedding_size", 65536},     {"intermediate_size", 1 << 20},
      {"hidden_dim", 1 << 20},       {"vocab_size", ModelFileLimits::kMaxVocabulary},
      {"type_vocab_size", 1024},     {"max_position_embeddings", 1 << 20},
      {"local_attention", 1 << 20},  {"global_attn_every_n_layers", 256}};
  for (const auto& [name, limit] : kLimits)
    if (std::strcmp(name, key) == 0) return limit;
  return 1 << 24;
}

}  // namespace

nlohmann::json readJsonFile(const std::string& path, int64_t maxBytes) {
  const std::string text = readModelFile(path, maxBytes);
  if (const size_t at = io::JsonRecord::findTooDeep(text); at != std::string::npos)
    throw ModelFolderError(path + ": nested more than " +
                           std::to_string(io::JsonRecord::kMaxDepth) + " deep (at byte " +
                           std::to_string(at + 1) + ")");
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(text);
  } catch (const nlohmann::json::exception& e) {
    throw ModelFolderError(path + ": not JSON (" + e.what() + ")");
  }
  if (!j.is_object())
    throw ModelFolderError(path + ": a JSON " + std::string(j.type_name()) +
                           ", not an object of settings");
  return j;
}

int64_t positiveInt(const nlohmann::json& j, const std::string& file, const char* key,
                    int64_t fallback) {
  if (!j.contains(key)) {
    if (fallback >= 0) return fallback;
    throw ModelFolderError(file + ": no " + key);
  }
  if (!j.at(key).is_number_integer() || j.at(key).get<int64_t>() <= 0)
    throw ModelFolderError(file + ": " + key + " must be a positive whole number");
  const int64_t value = j.at(key).get<int64_t>();
  if (value > limitOf(key))
    throw ModelFolderError(file + ": " + key + " is " + std::to_string(value) +
                           "; Spanforge reads models with at most " + std::to_string(limitOf(key)));
  return value;
}

}  // namespace spanforge::transformer
