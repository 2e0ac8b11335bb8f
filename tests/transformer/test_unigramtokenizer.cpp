// SentencePiece's Unigram (XLM-RoBERTa's tokenizer) against SentencePiece
// itself: tests/data/tokenizers/unigram-xlmr holds a small model trained
// with XLM-R's normalization rules, as transformers writes its tokenizer.json,
// and the ids SentencePiece gives for the texts the other tokenizer tests use
// (tools/tokenizer-reference/sentencepiece_reference.py).
#include "tempdir.h"
#include "text/utf8.h"
#include "tokenizertestdata.h"
#include "transformer/precompiledcharsmap.h"
#include "transformer/tokenizerloader.h"
#include "transformer/unigramtokenizer.h"

#include "catchapi.h"

#include <nlohmann/json.hpp>

#include <fstream>
#include <random>

using spanforge::testing::referenceRows;
using spanforge::testing::subwordIds;
using spanforge::testing::TempDir;
using spanforge::transformer::decodeBase64;
using spanforge::transformer::loadTokenizer;
using spanforge::transformer::PrecompiledCharsmap;
using spanforge::transformer::SentencePieceNormalizer;
using spanforge::transformer::Subword;
using spanforge::transformer::UnigramTokenizer;

namespace {

const std::string kFolder = spanforge::testing::kTokenizerData + "unigram-xlmr";

// "▁" + text: how a word's first piece is spelt.
std::string w(const std::string& text) {
  return std::string(SentencePieceNormalizer::kSpace) + text;
}

UnigramTokenizer small() {
  std::vector<UnigramTokenizer::Piece> v = {
      {"<s>", 0.0},          {"<unk>", 0.0}, {w(""), -3.0}, {w("new"), -4.0}, {w("york"), -4.0},
      {w("newyork"), -11.0}, {"n", -5.0},    {"e", -5.0},   {"w", -5.0},      {"york", -6.0}};
  return UnigramTokenizer(std::move(v), 1, {"<s>"}, SentencePieceNormalizer(std::nullopt));
}

std::string writeTokenizer(const TempDir& dir, const nlohmann::json& t) {
  const std::string folder = dir.file("tok");
  std::filesystem::create_directories(folder);
  std::ofstream(folder + "/tokenizer.json") << t.dump();
  return folder;
}

nlohmann::json minimalJson() {
  return {{"normalizer", nullptr},
          {"pre_tokenizer",
           {{"type", "Metaspace"}, {"replacement", "\u2581"}, {"prepend_scheme", "always"}}},
          {"model",
           {{"type", "Unigram"},
            {"unk_id", 0},
            {"vocab", nlohmann::json::array({nlohmann::json::array({"<unk>", 0.0}),
                                             nlohmann::json::array({"\u2581a", -1.0}),
                                             nlohmann::json::array({"b", -2.0})})}}}};
}

}  // namespace

TEST_CASE("Unigram: the ids SentencePiece gives, with XLM-R's normalization") {
  const auto tokenizer = loadTokenizer(kFolder);
  CHECK(tokenizer->kind() == "Unigram");
  CHECK(tokenizer->vocabSize() == 3002);
  CHECK(tokenizer->special().cls == 0);
  CHECK(tokenizer->special().pad == 1);
  CHECK(tokenizer->special().sep == 2);
  CHECK(tokenizer->special().unk == 3);
  CHECK(tokenizer->special().mask == 3001);
  const auto rows = referenceRows("unigram-xlmr/reference.jsonl");
  REQUIRE(rows.size() == 620);
  size_t same = 0;
  for (const auto& row : rows) {
    const std::vector<Subword> got = tokenizer->encode(row.text);
    const auto length = static_cast<int64_t>(spanforge::text::codePointCount(row.text));
    int64_t previous = 0;
    for (const Subword& s : got) {  // offsets in order, inside the text
      INFO(row.text);
      CHECK(s.start >= previous);
      CHECK(s.start <= s.end);
      CHECK(s.end <= length);
      previous = s.start;
    }
    if (subwordIds(got) == row.ids) {
      ++same;
      continue;
    }
    // An exact tie: "▁off" "!" "!!" and "▁off" "!!" "!" sum to the same
    // float; SentencePiece keeps the second, we (and, summing the same
    // floats in double, Hugging Face's fast tokenizer) the first found.
    if (row.text == "$1,234.56 (USD) 50% off!!!") continue;
    INFO(row.text);
    CHECK(subwordIds(got) == row.ids);
  }
  CHECK(same == rows.size() - 1);
}

TEST_CASE("Unigram: the best-scoring pieces, unknown runs as one, offsets without the word's ▁") {
  const UnigramTokenizer t = small();
  // "newyork": ▁new + york (-10) beats ▁newyork (-11) and ▁ + n + e + w +
  // york (-24).
  const auto a = t.encode("new  york newyork");
  REQUIRE(a.size() == 4);
  CHECK(subwordIds(a) == std::vector<int32_t>{3, 4, 3, 9});
  CHECK(a[0] == Subword{3, 0, 3});
  CHECK(a[1] == Subword{4, 5, 9});  // two spaces became one
  CHECK(a[2] == Subword{3, 10, 13});
  CHECK(a[3] == Subword{9, 13, 17});
  // Characters no piece covers: one unknown piece per run, after a bare ▁.
  const auto b = t.encode("\xF0\x9F\x98\x80\xF0\x9F\x98\x80 new");
  REQUIRE(b.size() == 3);
  CHECK(b[0] == Subword{2, 0, 0});
  CHECK(b[1] == Subword{1, 0, 2});
  CHECK(b[2] == Subword{3, 3, 6});
  // Special tokens keep their ids but are never matched in text.
  CHECK(t.id("<s>") == 0);
  CHECK(subwordIds(t.encode("<s>")) == std::vector<int32_t>{2, 1});
  CHECK(t.encode("   ").empty());
}

TEST_CASE("Unigram: the charsmap's rules replace what they cover, as NFKC would") {
  const auto tokenizer = loadTokenizer(kFolder);
  // The ligature ﬁ is "fi" and the full-width Ａ is "A"; both pieces point
  // at the characters as written.
  const auto got = tokenizer->encode("\xEF\xAC\x81 \xEF\xBC\xA1");
  REQUIRE_FALSE(got.empty());
  CHECK(got.front().start == 0);
  CHECK(got.back().end == 3);
  // Control characters go; a run of them is nothing at all.
  CHECK(subwordIds(tokenizer->encode("a\x01\x02 b")) == subwordIds(tokenizer->encode("a b")));
}

TEST_CASE("Unigram: base64 and charsmaps that cannot be read") {
  CHECK(decodeBase64("aGVsbG8=") == std::string("hello"));
  CHECK(decodeBase64("aGVsbG8") == std::string("hello"));
  CHECK(decodeBase64("") == std::string());
  CHECK_FALSE(decodeBase64("aGV*bG8="));
  CHECK_FALSE(decodeBase64("a"));
  CHECK_THROWS_WITH(PrecompiledCharsmap("ab"), ContainsSubstring("shorter than 4 bytes"));
  CHECK_THROWS_WITH(PrecompiledCharsmap(std::string("\x10\0\0\0abcd", 8)),
                    ContainsSubstring("does not fit"));
}

TEST_CASE("Unigram: a charsmap of random bytes is read without reading past it") {
  // Model folders come from other people: whatever the trie's units say,
  // lookups stay inside the blob.
  std::mt19937 rng(7);
  for (int round = 0; round < 200; ++round) {
    std::string blob(4, '\0');
    const uint32_t units = 1 + rng() % 64;
    for (int i = 0; i < 4; ++i) blob[i] = static_cast<char>(((units * 4) >> (8 * i)) & 0xFF);
    for (uint32_t i = 0; i < units * 4 + rng() % 32; ++i) blob.push_back(static_cast<char>(rng()));
    const PrecompiledCharsmap map(blob);
    std::string text;
    for (int i = 0; i < 16; ++i) text.push_back(static_cast<char>(rng()));
    const auto rule = map.longest(text);
    if (rule) CHECK(rule->length <= text.size());
  }
}

TEST_CASE("Unigram: tokenizer.json files it refuses say what and where") {
  TempDir dir;
  // "▁b" is no piece: an unknown "▁" before b.
  CHECK(subwordIds(loadTokenizer(writeTokenizer(dir, minimalJson()))->encode("a b")) ==
        std::vector<int32_t>{1, 0, 2});
  auto t = minimalJson();
  t["model"]["byte_fallback"] = true;
  CHECK_THROWS_WITH(loadTokenizer(writeTokenizer(dir, t)), ContainsSubstring("byte_fallback"));
  t = minimalJson();
  t["pre_tokenizer"] = {{"type", "Whitespace"}};
  CHECK_THROWS_WITH(loadTokenizer(writeTokenizer(dir, t)),
                    ContainsSubstring("tokenizer.json: a Unigram model is supported after the "
                                      "Metaspace pre-tokenizer"));
  t = minimalJson();
  t["normalizer"] = {{"type", "NFD"}};
  CHECK_THROWS_WITH(loadTokenizer(writeTokenizer(dir, t)), ContainsSubstring("normalizer 'NFD'"));
  t = minimalJson();
  t["normalizer"] = {{"type", "Precompiled"}, {"precompiled_charsmap", "not*base64"}};
  CHECK_THROWS_WITH(loadTokenizer(writeTokenizer(dir, t)), ContainsSubstring("not base64"));
  t = minimalJson();
  for (const int64_t id : {int64_t{7}, int64_t{-1}, int64_t{1} << 33}) {
    t["model"]["unk_id"] = id;
    CHECK_THROWS_WITH(loadTokenizer(writeTokenizer(dir, t)),
                      ContainsSubstring("outside the vocabulary of 3"));
  }
}
