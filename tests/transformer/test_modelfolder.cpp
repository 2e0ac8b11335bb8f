// A model folder is checked before anything is loaded: its config, every
// tensor the config asks for in the weights file, and its tokenizer.
#include "model/safetensorsfile.h"
#include "modernbertfolder.h"
#include "tempdir.h"
#include "tokenizertestdata.h"
#include "transformer/modelfolder.h"

#include "catchapi.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using nlohmann::json;
using spanforge::model::SafetensorsBlob;
using spanforge::model::SafetensorsFile;
using spanforge::testing::TempDir;
using spanforge::transformer::EncoderConfig;
using spanforge::transformer::expectedTensors;
using spanforge::transformer::inspectModelFolder;
using spanforge::transformer::parameterCount;

namespace {

json tinyBert() {
  return {
      {"model_type", "bert"},          {"vocab_size", 30522},      {"hidden_size", 8},
      {"num_hidden_layers", 2},        {"num_attention_heads", 2}, {"intermediate_size", 16},
      {"max_position_embeddings", 64}, {"type_vocab_size", 2},     {"_name_or_path", "tiny-bert"}};
}

// A BERT folder of zeros: the real uncased vocabulary, every tensor the
// config asks for under `prefix`, except `skip`; `reshape` gets one more row.
std::string makeFolder(const TempDir& dir, const std::string& name, const json& config,
                       const std::string& prefix = "bert.", const std::string& skip = "",
                       const std::string& reshape = "") {
  const std::string f = dir.file(name);
  fs::create_directories(f);
  std::ofstream(f + "/config.json") << config.dump();
  fs::copy_file(spanforge::testing::kTokenizerData + "bert-base-uncased/vocab.txt",
                f + "/vocab.txt");
  const std::string path = f + "/config.json";
  const EncoderConfig c = EncoderConfig::load(path);
  std::vector<SafetensorsBlob> blobs;
  std::vector<std::vector<float>> data;
  for (auto t : expectedTensors(c)) {
    if (t.name == skip) continue;
    if (t.name == reshape) ++t.shape[0];
    int64_t n = 1;
    for (int64_t d : t.shape) n *= d;
    data.emplace_back(static_cast<size_t>(n), 0.0f);
  }
  size_t k = 0;
  for (auto t : expectedTensors(c)) {
    if (t.name == skip) continue;
    if (t.name == reshape) ++t.shape[0];
    blobs.push_back({prefix + t.name, "F32", t.shape, data[k++].data()});
  }
  SafetensorsFile::write(f + "/model.safetensors", blobs);
  return f;
}

}  // namespace

TEST_CASE("Model folder: a BERT folder is described, its tensors found under a prefix") {
  TempDir dir;
  const auto info = inspectModelFolder(makeFolder(dir, "tiny", tinyBert()));
  CHECK(info.name == "tiny-bert");
  CHECK(info.prefix == "bert.");
  CHECK(info.dtype == "F32");
  CHECK(info.tokenizerKind == "WordPiece");
  CHECK(info.tokenizerVocab == 30522);
  CHECK(info.config.layers == 2);
  // 30522x8 + 64x8 + 2x8 + 16 embeddings, and two layers of 4x(8x8+8) + 2x16 + 8x16+16 + 16x8+8 +
  // 16
  CHECK(info.parameters == 244176 + 512 + 16 + 16 + 2 * (4 * 72 + 16 + 144 + 136 + 16));
  CHECK(info.summary() ==
        "tiny-bert: BERT, 2 layers, hidden 8, 0.2 M parameters, WordPiece vocabulary of 30,522; "
        "about 4 MB to fine-tune before activations");  // not "0.0 GB" (issue #66)
}

TEST_CASE("Model folder: an XLM-RoBERTa folder with a Unigram tokenizer.json is described") {
  TempDir dir;
  json config = tinyBert();
  config.update({{"model_type", "xlm-roberta"},
                 {"vocab_size", 3002},
                 {"pad_token_id", 1},
                 {"_name_or_path", "tiny-xlmr"}});
  const std::string f = makeFolder(dir, "xlmr", config, "roberta.");
  fs::remove(f + "/vocab.txt");
  fs::copy_file(spanforge::testing::kTokenizerData + "unigram-xlmr/tokenizer.json",
                f + "/tokenizer.json");
  const auto info = inspectModelFolder(f);
  CHECK(info.tokenizerKind == "Unigram");
  CHECK(info.tokenizerVocab == 3002);
  CHECK_THAT(info.summary(),
             ContainsSubstring("tiny-xlmr: XLM-RoBERTa, 2 layers, hidden 8, 0.0 M parameters, "
                               "Unigram vocabulary of 3,002"));
}

TEST_CASE("Model folder: a ModernBERT folder is described, its tensors under model.") {
  TempDir dir;
  const std::string f = spanforge::testing::writeTinyModernBert(dir.file("modernbert"));
  // As ModernBertForMaskedLM saves it: the encoder under "model.".
  const EncoderConfig c = EncoderConfig::load(f + "/config.json");
  std::vector<std::vector<float>> data;
  std::vector<SafetensorsBlob> blobs;
  for (const auto& t : expectedTensors(c)) {
    int64_t n = 1;
    for (int64_t d : t.shape) n *= d;
    data.emplace_back(static_cast<size_t>(n), 0.0f);
  }
  size_t k = 0;
  for (const auto& t : expectedTensors(c))
    blobs.push_back({"model." + t.name, "BF16", t.shape, data[k++].data()});
  SafetensorsFile::write(f + "/model.safetensors", blobs);
  const auto info = inspectModelFolder(f);
  CHECK(info.prefix == "model.");
  CHECK(info.tokenizerKind == "byte-level BPE");
  CHECK(info.tokenizerVocab == 50270);  // roberta-base's 50,265 and the five added
  CHECK_THAT(info.summary(), ContainsSubstring("tiny-modernbert: ModernBERT, 2 layers, hidden 32"));
}

TEST_CASE("Model folder: BERT-base has BERT-base's parameter count") {
  TempDir dir;
  const std::string path = dir.file("config.json");
  std::ofstream(path) << json{{"model_type", "bert"},
                              {"vocab_size", 30522},
                              {"hidden_size", 768},
                              {"num_hidden_layers", 12},
                              {"num_attention_heads", 12},
                              {"intermediate_size", 3072},
                              {"max_position_embeddings", 512},
                              {"type_vocab_size", 2}}
                             .dump();
  // 109,482,240 with the pooler (768x768 + 768), which NER does not use.
  CHECK(parameterCount(EncoderConfig::load(path)) == 109482240 - 590592);
}

TEST_CASE("Model folder: what is missing or mismatched is named") {
  TempDir dir;
  CHECK_THROWS_WITH(inspectModelFolder(dir.file("none")), ContainsSubstring("no such folder"));
  const std::string noConfig = dir.file("noconfig");
  fs::create_directories(noConfig);
  CHECK_THROWS_WITH(inspectModelFolder(noConfig), ContainsSubstring("no config.json"));

  json gpt = tinyBert();
  gpt["model_type"] = "gpt2";
  const std::string g = dir.file("gpt");
  fs::create_directories(g);
  std::ofstream(g + "/config.json") << gpt.dump();
  CHECK_THROWS_WITH(inspectModelFolder(g), ContainsSubstring("model_type 'gpt2' is not supported"));

  const std::string missing =
      makeFolder(dir, "missing", tinyBert(), "", "encoder.layer.1.output.dense.weight");
  CHECK_THROWS_WITH(inspectModelFolder(missing),
                    ContainsSubstring("no encoder.layer.1.output.dense.weight, which config.json's "
                                      "2 layers of hidden size 8 need"));
  const std::string shaped =
      makeFolder(dir, "shaped", tinyBert(), "", "", "encoder.layer.0.intermediate.dense.weight");
  CHECK_THROWS_WITH(inspectModelFolder(shaped),
                    ContainsSubstring("encoder.layer.0.intermediate.dense.weight has shape [17, "
                                      "8], config.json makes it [16, 8]"));

  const std::string pickle = makeFolder(dir, "pickle", tinyBert());
  fs::rename(pickle + "/model.safetensors", pickle + "/pytorch_model.bin");
  CHECK_THROWS_WITH(inspectModelFolder(pickle), ContainsSubstring("never opened here"));

  json small = tinyBert();
  small["vocab_size"] = 1000;
  const std::string f = dir.file("smallvocab");
  fs::create_directories(f);
  std::ofstream(f + "/config.json") << small.dump();
  fs::copy_file(spanforge::testing::kTokenizerData + "bert-base-uncased/vocab.txt",
                f + "/vocab.txt");
  std::ofstream(f + "/model.safetensors") << "x";
  CHECK_THROWS_WITH(inspectModelFolder(f),
                    ContainsSubstring("the tokenizer has 30,522 tokens but config.json's "
                                      "vocab_size is 1,000"));
}
