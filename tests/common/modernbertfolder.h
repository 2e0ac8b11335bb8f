#pragma once

// What a ModernBERT folder holds besides its weights, small: config.json
// (2 layers, hidden 32, layer 1 local) and a byte-level BPE tokenizer.json
// as ModernBERT's is written, its [CLS], [SEP], [PAD], [UNK] and [MASK]
// added after the BPE vocabulary (roberta-base's here, the real one).

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>

namespace spanforge::testing {

inline nlohmann::json tinyModernBertConfig() {
  return {{"model_type", "modernbert"},
          {"vocab_size", 50272},
          {"hidden_size", 32},
          {"num_hidden_layers", 2},
          {"num_attention_heads", 2},
          {"intermediate_size", 48},
          {"max_position_embeddings", 8192},
          {"global_attn_every_n_layers", 2},
          {"local_attention", 8},
          {"pad_token_id", 50267},
          {"_name_or_path", "tiny-modernbert"}};
}

inline std::string writeTinyModernBert(const std::string& folder) {
  namespace fs = std::filesystem;
  using nlohmann::json;
  const std::string data = SPANFORGE_TEST_DATA_DIR "/tokenizers/roberta-base/";
  fs::create_directories(folder);
  std::ofstream(folder + "/config.json") << tinyModernBertConfig().dump(2);
  json merges = json::array();
  std::ifstream in(data + "merges.txt");
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') merges.push_back(line);
  json added = json::array();
  int id = 50265;
  for (const char* name : {"[UNK]", "[CLS]", "[PAD]", "[SEP]", "[MASK]"})
    added.push_back({{"id", id++}, {"content", name}, {"special", true}});
  const json tokenizer = {{"added_tokens", added},
                          {"normalizer", nullptr},
                          {"pre_tokenizer", {{"type", "ByteLevel"}, {"add_prefix_space", false}}},
                          {"model",
                           {{"type", "BPE"},
                            {"vocab", json::parse(std::ifstream(data + "vocab.json"))},
                            {"merges", merges}}}};
  std::ofstream(folder + "/tokenizer.json") << tokenizer.dump();
  std::ofstream(folder + "/tokenizer_config.json") << json{
      {"cls_token", "[CLS]"},
      {"sep_token", "[SEP]"},
      {"pad_token", "[PAD]"},
      {"unk_token", "[UNK]"},
      {"mask_token", "[MASK]"}}.dump();
  return folder;
}

}  // namespace spanforge::testing
