#pragma once

// A small random BERT as a Hugging Face model folder for the trainer tests:
// the real bert-base-cased vocabulary and a config of 2 layers, hidden 32.

#include "model/safetensorsfile.h"
#include "modernbertfolder.h"
#include "transformer/encoderconfig.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace spanforge::train::testing {

inline nlohmann::json tinyBertConfig() {
  return {{"model_type", "bert"},
          {"vocab_size", 28996},
          {"hidden_size", 32},
          {"num_hidden_layers", 2},
          {"num_attention_heads", 2},
          {"intermediate_size", 64},
          {"max_position_embeddings", 128},
          {"type_vocab_size", 2},
          {"hidden_dropout_prob", 0.1},
          {"_name_or_path", "tiny-bert-cased"}};
}

// config.json and vocab.txt (no weights: the encoder starts random).
inline std::string writeTinyBert(const std::string& folder,
                                 const nlohmann::json& config = tinyBertConfig()) {
  std::filesystem::create_directories(folder);
  std::ofstream(folder + "/config.json") << config.dump(2);
  std::filesystem::copy_file(SPANFORGE_TEST_DATA_DIR "/tokenizers/bert-base-cased/vocab.txt",
                             folder + "/vocab.txt",
                             std::filesystem::copy_options::overwrite_existing);
  // tokenizer_config.json: bert-base-cased keeps its case.
  std::ofstream(folder + "/tokenizer_config.json") << R"({"do_lower_case": false})";
  return folder;
}

// config.json and the tokenizer of another family, as small: RoBERTa
// (roberta-base's byte-level BPE), XLM-RoBERTa (the SentencePiece Unigram
// fixture), DistilBERT and ELECTRA (bert-base-cased's WordPiece), ModernBERT
// (a byte-level BPE tokenizer.json with [CLS] ... added).
inline std::string writeTinyFamily(const std::string& folder, const std::string& type) {
  if (type == "modernbert") return spanforge::testing::writeTinyModernBert(folder);
  nlohmann::json config = tinyBertConfig();
  config["model_type"] = type;
  config["_name_or_path"] = "tiny-" + type;
  const std::string data = SPANFORGE_TEST_DATA_DIR "/tokenizers/";
  if (type == "distilbert" || type == "electra") {
    if (type == "distilbert")
      config = {{"model_type", type},
                {"vocab_size", 28996},
                {"dim", 32},
                {"n_layers", 2},
                {"n_heads", 2},
                {"hidden_dim", 64},
                {"max_position_embeddings", 128},
                {"_name_or_path", "tiny-distilbert"}};
    else
      config["embedding_size"] = 16;
    return writeTinyBert(folder, config);
  }
  std::filesystem::create_directories(folder);
  config["pad_token_id"] = 1;
  config["max_position_embeddings"] = 130;  // positions start after the padding id
  config["type_vocab_size"] = 1;
  const auto copy = [&](const std::string& from, const std::string& name) {
    std::filesystem::copy_file(data + from, folder + "/" + name,
                               std::filesystem::copy_options::overwrite_existing);
  };
  if (type == "roberta") {
    config["vocab_size"] = 50265;
    copy("roberta-base/vocab.json", "vocab.json");
    copy("roberta-base/merges.txt", "merges.txt");
  } else {
    config["vocab_size"] = 3002;
    copy("unigram-xlmr/tokenizer.json", "tokenizer.json");
  }
  std::ofstream(folder + "/config.json") << config.dump(2);
  return folder;
}

// model.safetensors for the folder's config.json: every tensor the config
// asks for, under BertModel's "bert." prefix, all `value`.
inline void writeTinyBertWeights(const std::string& folder, float value = 0.0f) {
  const auto config = transformer::EncoderConfig::load(folder + "/config.json");
  const auto tensors = transformer::expectedTensors(config);
  std::vector<std::vector<float>> data;
  std::vector<model::SafetensorsBlob> blobs;
  for (const auto& t : tensors) {
    int64_t n = 1;
    for (int64_t d : t.shape) n *= d;
    data.emplace_back(static_cast<size_t>(n), value);
  }
  for (size_t i = 0; i < tensors.size(); ++i)
    blobs.push_back({"bert." + tensors[i].name, "F32", tensors[i].shape, data[i].data()});
  model::SafetensorsFile::write(folder + "/model.safetensors", blobs);
}

}  // namespace spanforge::train::testing
