// A Hugging Face model folder's tokenizer, from whichever files it has: the
// same ids from vocab.txt and from a tokenizer.json holding that vocabulary,
// the special tokens by name, and clear refusals.
#include "tempdir.h"
#include "tokenizertestdata.h"
#include "transformer/tokenizerloader.h"
#include "transformer/wordpiecetokenizer.h"

#include "catchapi.h"

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace fs = std::filesystem;
using nlohmann::json;
using spanforge::testing::TempDir;
using spanforge::transformer::loadTokenizer;
using spanforge::transformer::Subword;
using spanforge::transformer::SubwordTokenizer;

namespace {

std::string folder(const TempDir& dir, const std::string& name) {
  fs::create_directories(dir.file(name));
  return dir.file(name);
}

void writeJson(const std::string& path, const json& j) { std::ofstream(path) << j.dump(); }

std::vector<std::string> referenceTexts(const std::string& name, size_t n) {
  std::vector<std::string> out;
  for (const auto& row : spanforge::testing::referenceRows("reference/" + name + ".jsonl"))
    if (out.size() < n) out.push_back(row.text);
  return out;
}

std::vector<int32_t> ids(const SubwordTokenizer& t, const std::string& text) {
  return spanforge::testing::subwordIds(t.encode(text));
}

// What transformers' BertTokenizerFast saves: the same vocabulary, in tokenizer.json.
json bertTokenizerJson(const std::string& vocabTxt, bool lowercase) {
  json vocab = json::object();
  std::ifstream in(vocabTxt);
  int id = 0;
  for (std::string line; std::getline(in, line); ++id) vocab[line] = id;
  return {{"version", "1.0"},
          {"normalizer",
           {{"type", "BertNormalizer"},
            {"clean_text", true},
            {"handle_chinese_chars", true},
            {"strip_accents", nullptr},
            {"lowercase", lowercase}}},
          {"pre_tokenizer", {{"type", "BertPreTokenizer"}}},
          {"model",
           {{"type", "WordPiece"},
            {"unk_token", "[UNK]"},
            {"continuing_subword_prefix", "##"},
            {"max_input_chars_per_word", 100},
            {"vocab", vocab}}}};
}

}  // namespace

TEST_CASE("Tokenizer folder: vocab.txt and tokenizer.json give the same subwords") {
  TempDir dir;
  const std::string plain = folder(dir, "bert-txt");
  fs::copy_file(spanforge::testing::kTokenizerData + "bert-base-uncased/vocab.txt",
                plain + "/vocab.txt");
  writeJson(plain + "/tokenizer_config.json", {{"do_lower_case", true}});
  const std::string fast = folder(dir, "bert-json");
  writeJson(
      fast + "/tokenizer.json",
      bertTokenizerJson(spanforge::testing::kTokenizerData + "bert-base-uncased/vocab.txt", true));
  const auto a = loadTokenizer(plain);
  const auto b = loadTokenizer(fast);
  CHECK(a->kind() == "WordPiece");
  CHECK(b->kind() == "WordPiece");
  CHECK(a->vocabSize() == 30522);
  CHECK(b->vocabSize() == 30522);
  CHECK(a->special().cls == 101);
  CHECK(a->special().sep == 102);
  CHECK(a->special().pad == 0);
  CHECK(b->special().mask == 103);
  for (const std::string& text : referenceTexts("bert-base-uncased", 60)) {
    INFO(text);
    CHECK(a->encode(text) == b->encode(text));
  }
  // do_lower_case false: a cased tokenizer from the same kind of folder.
  const std::string cased = folder(dir, "bert-cased");
  fs::copy_file(spanforge::testing::kTokenizerData + "bert-base-cased/vocab.txt",
                cased + "/vocab.txt");
  writeJson(cased + "/tokenizer_config.json", {{"do_lower_case", false}});
  CHECK(ids(*loadTokenizer(cased), "The") == std::vector<int32_t>{1109});
}

TEST_CASE("Tokenizer folder: RoBERTa's files, its special tokens and its prefix space") {
  TempDir dir;
  const std::string f = folder(dir, "roberta");
  fs::copy_file(spanforge::testing::kTokenizerData + "roberta-base/vocab.json", f + "/vocab.json");
  fs::copy_file(spanforge::testing::kTokenizerData + "roberta-base/merges.txt", f + "/merges.txt");
  auto t = loadTokenizer(f);
  CHECK(t->kind() == "byte-level BPE");
  CHECK(t->special().cls == 0);
  CHECK(t->special().sep == 2);
  CHECK(t->special().pad == 1);
  CHECK(t->special().unk == 3);
  CHECK(t->special().mask == 50264);
  CHECK(ids(*t, "Hello") == std::vector<int32_t>{31414});
  writeJson(f + "/tokenizer_config.json", {{"add_prefix_space", true}});
  writeJson(f + "/special_tokens_map.json", {{"mask_token", {{"content", "<unk>"}}}});
  t = loadTokenizer(f);
  CHECK(ids(*t, "Hello") == std::vector<int32_t>{t->id("\xC4\xA0Hello")});
  CHECK(t->special().mask == 3);
}

TEST_CASE("Tokenizer folder: what is missing or not supported is named") {
  TempDir dir;
  CHECK_THROWS_WITH(loadTokenizer(dir.file("nowhere")), ContainsSubstring("no such folder"));
  const std::string empty = folder(dir, "empty");
  CHECK_THROWS_WITH(loadTokenizer(empty),
                    ContainsSubstring("no tokenizer (tokenizer.json, vocab.txt, or vocab.json"));
  const std::string half = folder(dir, "half");
  std::ofstream(half + "/vocab.json") << "{}";
  CHECK_THROWS_WITH(loadTokenizer(half), ContainsSubstring("vocab.json without merges.txt"));
  const std::string wordLevel = folder(dir, "wordlevel");
  writeJson(wordLevel + "/tokenizer.json",
        {{"model", {{"type", "WordLevel"}, {"vocab", json::object()}}}});
  CHECK_THROWS_WITH(loadTokenizer(wordLevel),
                    ContainsSubstring("tokenizer model 'WordLevel' is not supported (WordPiece, "
                                      "BPE and Unigram are)"));
  const std::string odd = folder(dir, "odd");
  writeJson(odd + "/tokenizer.json", {{"pre_tokenizer", {{"type", "Metaspace"}}},
                                  {"model", {{"type", "WordPiece"}, {"vocab", json::object()}}}});
  CHECK_THROWS_WITH(loadTokenizer(odd), ContainsSubstring("pre-tokenizer 'Metaspace'"));
  const std::string broken = folder(dir, "broken");
  std::ofstream(broken + "/tokenizer.json") << "{\"model\": ";
  CHECK_THROWS_WITH(loadTokenizer(broken), ContainsSubstring("tokenizer.json: not JSON"));
}
