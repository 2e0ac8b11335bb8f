// A Hugging Face model folder comes from other people (issue #65): every file
// is a regular file within a size limit, JSON is an object nested at most 512
// deep, sizes are within limits and vocabularies within 1M entries, each
// refused by a ModelFolderError naming the file, before memory is spent.
#include "tempdir.h"
#include "tokenizertestdata.h"
#include "transformer/encoderconfig.h"
#include "transformer/modelfoldererror.h"
#include "transformer/tokenizerloader.h"

#include "catchapi.h"

#include <sys/stat.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>

namespace fs = std::filesystem;
using spanforge::testing::TempDir;
using spanforge::transformer::EncoderConfig;
using spanforge::transformer::loadTokenizer;
using spanforge::transformer::ModelFolderError;

namespace {

const char* kTinyBert =
    R"({"model_type": "bert", "vocab_size": 30522, "hidden_size": 8, "num_hidden_layers": 2,
        "num_attention_heads": 2, "intermediate_size": 16, "max_position_embeddings": 64})";

std::string limitsFolder(const TempDir& dir, const std::string& name) {
  const std::string f = dir.file(name);
  fs::create_directories(f);
  return f;
}

std::string folderFault(const std::function<void()>& f) {
  try {
    f();
  } catch (const ModelFolderError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST_CASE("Model folder limits: vocab.txt linked to /dev/zero is refused before a byte is read") {
  TempDir dir;
  const std::string f = limitsFolder(dir, "zero");
  fs::create_symlink("/dev/zero", f + "/vocab.txt");
  const std::string fault = folderFault([&] { loadTokenizer(f); });
  CHECK_THAT(fault, ContainsSubstring(f + "/vocab.txt"));
  CHECK_THAT(fault, ContainsSubstring("not a regular file"));
}

TEST_CASE("Model folder limits: a FIFO config.json or tokenizer.json is refused, not waited on") {
  TempDir dir;
  const std::string f = limitsFolder(dir, "fifo");
  REQUIRE(::mkfifo((f + "/config.json").c_str(), 0600) == 0);
  REQUIRE(::mkfifo((f + "/tokenizer.json").c_str(), 0600) == 0);
  const auto t0 = std::chrono::steady_clock::now();
  CHECK_THAT(folderFault([&] { EncoderConfig::load(f + "/config.json"); }),
             ContainsSubstring("is a FIFO"));
  CHECK_THAT(folderFault([&] { loadTokenizer(f); }), ContainsSubstring("is a FIFO"));
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5));
}

TEST_CASE("Model folder limits: config.json as an array, too deep, or too large is named") {
  TempDir dir;
  const std::string f = limitsFolder(dir, "json");
  const std::string config = f + "/config.json";
  std::ofstream(config) << "[1, 2]";
  CHECK_THAT(folderFault([&] { EncoderConfig::load(config); }),
             ContainsSubstring("a JSON array, not an object of settings"));
  std::ofstream(config, std::ios::trunc) << std::string(100000, '[') << std::string(100000, ']');
  CHECK_THAT(folderFault([&] { EncoderConfig::load(config); }),
             ContainsSubstring("nested more than 512"));
  std::ofstream(config, std::ios::trunc) << "{\"x\": \"" << std::string(2 << 20, 'a') << "\"}";
  CHECK_THAT(folderFault([&] { EncoderConfig::load(config); }),
             ContainsSubstring("a model folder's file of this kind has at most 1048576"));
}

TEST_CASE("Model folder limits: sizes past the limits are refused before anything is allocated") {
  TempDir dir;
  const std::string f = limitsFolder(dir, "sizes");
  const std::string config = f + "/config.json";
  for (const std::string layers : {"1000000", "100000000"}) {
    auto j = nlohmann::json::parse(kTinyBert);
    j["num_hidden_layers"] = std::stoll(layers);
    std::ofstream(config, std::ios::trunc) << j.dump();
    CHECK_THAT(folderFault([&] { EncoderConfig::load(config); }),
               ContainsSubstring("num_hidden_layers is " + layers +
                                 "; Spanforge reads models with at most 256"));
  }
  auto j = nlohmann::json::parse(kTinyBert);
  j["vocab_size"] = 10'000'000;
  std::ofstream(config, std::ios::trunc) << j.dump();
  CHECK_THAT(folderFault([&] { EncoderConfig::load(config); }), ContainsSubstring("vocab_size"));
}

TEST_CASE("Model folder limits: a tokenizer.json vocabulary of 1.2M tokens is refused by count") {
  TempDir dir;
  const std::string f = limitsFolder(dir, "big");
  std::ofstream out(f + "/tokenizer.json");
  out << R"({"model": {"type": "WordPiece", "vocab": {)";
  for (int i = 0; i < 1'200'000; ++i) out << (i ? "," : "") << "\"t" << i << "\":" << i;
  out << R"(}}, "pre_tokenizer": {"type": "BertPreTokenizer"}})";
  out.close();
  CHECK_THAT(folderFault([&] { loadTokenizer(f); }),
             ContainsSubstring("1200000 tokens; Spanforge reads at most 1000000"));
}

TEST_CASE("Model folder limits: a WordPiece id far outside its vocabulary is refused") {
  TempDir dir;
  const std::string f = limitsFolder(dir, "ids");
  std::ofstream(f + "/tokenizer.json")
      << R"({"model": {"type": "WordPiece", "vocab": {"[UNK]": 0, "a": 1000000000000}},
             "pre_tokenizer": {"type": "BertPreTokenizer"}})";
  CHECK_THAT(folderFault([&] { loadTokenizer(f); }),
             ContainsSubstring("outside the vocabulary of 2"));
}
