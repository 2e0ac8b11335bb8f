// RoBERTa's byte-level BPE against Hugging Face's own: the fixtures in
// tests/data/tokenizers/reference hold the ids Tokenizers.js gives for the
// texts the WordPiece test uses, without and with a prefix space.
#include "tempdir.h"
#include "text/utf8.h"
#include "tokenizertestdata.h"
#include "transformer/bytelevelbpetokenizer.h"
#include "transformer/bytelevelsplit.h"

#include "catchapi.h"

#include <nlohmann/json.hpp>

#include <fstream>

using spanforge::testing::referenceRows;
using spanforge::testing::subwordIds;
using spanforge::testing::TempDir;
using spanforge::transformer::ByteLevelBpeTokenizer;
using spanforge::transformer::byteLevelSplit;
using spanforge::transformer::Subword;

namespace {

ByteLevelBpeTokenizer roberta(bool prefix) {
  ByteLevelBpeTokenizer::Options o;
  o.addPrefixSpace = prefix;
  return ByteLevelBpeTokenizer::fromFiles(
      spanforge::testing::kTokenizerData + "roberta-base/vocab.json",
      spanforge::testing::kTokenizerData + "roberta-base/merges.txt", o);
}

std::vector<std::string> pieces(const std::string& utf8) {
  const auto cps = spanforge::text::decodeUtf8(utf8);
  std::vector<std::string> out;
  for (const auto& [b, e] : byteLevelSplit(cps))
    out.push_back(spanforge::text::encodeUtf8(cps.substr(b, e - b)));
  return out;
}

}  // namespace

TEST_CASE("Byte-level BPE: the ids of Hugging Face's tokenizer, without and with a prefix space") {
  for (const bool prefix : {false, true}) {
    const ByteLevelBpeTokenizer tokenizer = roberta(prefix);
    CHECK(tokenizer.vocabSize() == 50265);
    const auto rows =
        referenceRows(std::string("reference/roberta-base") + (prefix ? "-prefix" : "") + ".jsonl");
    REQUIRE(rows.size() == 620);
    size_t same = 0;
    for (const auto& row : rows) {
      const auto got = subwordIds(tokenizer.encode(row.text));
      if (got == row.ids) {
        ++same;
        continue;
      }
      INFO((prefix ? "prefix: " : "") << row.text);
      CHECK(got == row.ids);
    }
    CHECK(same == rows.size());
  }
}

TEST_CASE("Byte-level BPE: GPT-2's pieces, and offsets without the leading space") {
  CHECK(pieces("I'm  here, 42x!\n\nok") ==
        std::vector<std::string>{"I", "'m", " ", " here", ",", " 42", "x", "!", "\n", "\n", "ok"});
  CHECK(pieces("a  ") == std::vector<std::string>{"a", "  "});
  const ByteLevelBpeTokenizer tokenizer = roberta(false);
  CHECK(tokenizer.id("<s>") == 0);
  CHECK(tokenizer.id("<mask>") == 50264);
  const std::string text = "Hello wörld 🗽";
  const auto s = tokenizer.encode(text);
  REQUIRE(s.size() >= 3);
  CHECK(s.front().start == 0);
  CHECK(s.front().end == 5);
  // " wörld": its subwords start at the w, not at the space.
  CHECK(s[1].start == 6);
  CHECK(s.back().end == 13);  // the emoji's bytes, one code point
  for (size_t i = 1; i < s.size(); ++i) CHECK(s[i].start >= s[i - 1].start);
  // With the prefix space, the first word is " Hello", offsets still from 0.
  const auto p = roberta(true).encode(text);
  CHECK(p.front().id == tokenizer.id("\xC4\xA0Hello"));  // "ĠHello"
  CHECK(p.front().start == 0);
  CHECK(p.front().end == 5);
}

TEST_CASE("Byte-level BPE: bad files are refused, naming the file and the line") {
  TempDir dir;
  std::ofstream(dir.file("v.json")) << R"({"a": 0, "b": 1, "ab": 2})";
  std::ofstream(dir.file("m.txt")) << "#version: 0.2\na b\nab\n";
  CHECK_THROWS_WITH(ByteLevelBpeTokenizer::fromFiles(dir.file("v.json"), dir.file("m.txt"), {}),
                    ContainsSubstring("m.txt: line 3: not two symbols"));
  std::ofstream(dir.file("bad.json")) << "[1, 2";
  CHECK_THROWS_WITH(ByteLevelBpeTokenizer::fromFiles(dir.file("bad.json"), dir.file("m.txt"), {}),
                    ContainsSubstring("bad.json: not a vocabulary"));
  CHECK_THROWS_WITH(ByteLevelBpeTokenizer::fromFiles(dir.file("none.json"), dir.file("m.txt"), {}),
                    ContainsSubstring("none.json: cannot open"));
}
