// BERT's WordPiece tokenizer against Hugging Face's own: the fixtures in
// tests/data/tokenizers/reference hold the ids Tokenizers.js gives for 300
// WNUT-17 tweets, 300 wikigold sentences and 20 texts of emoji, accents,
// CJK, RTL scripts and control characters (tools/tokenizer-reference).
#include "tempdir.h"
#include "text/utf8.h"
#include "tokenizertestdata.h"
#include "transformer/wordpiecetokenizer.h"

#include "catchapi.h"

#include <nlohmann/json.hpp>

#include <fstream>

using spanforge::testing::referenceRows;
using spanforge::testing::subwordIds;
using spanforge::testing::TempDir;
using spanforge::transformer::Subword;
using spanforge::transformer::WordPieceTokenizer;

namespace {

WordPieceTokenizer bert(bool uncased) {
  WordPieceTokenizer::Options o;
  o.normalizer.lowercase = uncased;
  return WordPieceTokenizer::fromVocabFile(spanforge::testing::kTokenizerData +
                                               (uncased ? "bert-base-uncased" : "bert-base-cased") +
                                               "/vocab.txt",
                                           o);
}

}  // namespace

TEST_CASE("WordPiece: the ids of Hugging Face's tokenizer on tweets, Wikipedia and odd text") {
  for (const bool uncased : {false, true}) {
    const WordPieceTokenizer tokenizer = bert(uncased);
    const auto rows = referenceRows(std::string("reference/bert-base-") +
                                    (uncased ? "uncased" : "cased") + ".jsonl");
    REQUIRE(rows.size() == 620);
    size_t same = 0;
    for (const auto& row : rows) {
      const auto got = subwordIds(tokenizer.encode(row.text));
      if (got == row.ids) {
        ++same;
        continue;
      }
      INFO((uncased ? "uncased: " : "cased: ") << row.text);
      CHECK(got == row.ids);
    }
    CHECK(same == rows.size());
  }
}

TEST_CASE("WordPiece: known ids, and offsets into the text as written") {
  const WordPieceTokenizer cased = bert(false);
  const WordPieceTokenizer uncased = bert(true);
  CHECK(uncased.id("the") == 1996);
  CHECK(cased.id("the") == 1103);
  CHECK(cased.id("The") == 1109);
  CHECK(subwordIds(cased.encode("The")) == std::vector<int32_t>{1109});
  CHECK(subwordIds(uncased.encode("The")) == std::vector<int32_t>{1996});

  // Lower-cased and stripped of accents, a subword still covers what was written.
  const std::string text = "Ça va, Zoë? 東京";
  const auto u = uncased.encode(text);
  const auto cps = spanforge::text::decodeUtf8(text);
  REQUIRE(u.size() >= 6);
  CHECK(u.front().start == 0);
  for (size_t i = 0; i < u.size(); ++i) {
    CHECK(u[i].start < u[i].end);
    CHECK(u[i].end <= static_cast<int64_t>(cps.size()));
    if (i > 0) CHECK(u[i].start >= u[i - 1].end);
  }
  // "東" and "京" are each their own subword, one character each.
  CHECK(u[u.size() - 2].start == 12);
  CHECK(u[u.size() - 2].end == 13);
  CHECK(u.back().start == 13);
  CHECK(u.back().end == 14);
  // A word split into pieces: the pieces tile the word.
  const auto pieces = cased.encode("Spanforge");
  REQUIRE(pieces.size() > 1);
  CHECK(pieces.front().start == 0);
  CHECK(pieces.back().end == 9);
  for (size_t i = 1; i < pieces.size(); ++i) CHECK(pieces[i].start == pieces[i - 1].end);
  CHECK(cased.token(pieces[1].id).rfind("##", 0) == 0);
  // An emoji the vocabulary lacks is one [UNK] over its characters.
  const auto emoji = cased.encode("a 🗽 b");
  REQUIRE(emoji.size() == 3);
  CHECK(emoji[1].id == cased.unknownId());
  CHECK(emoji[1].start == 2);
  CHECK(emoji[1].end == 3);
}

TEST_CASE("WordPiece: a bad vocabulary file is refused, naming the file and the line") {
  TempDir dir;
  WordPieceTokenizer::Options o;
  CHECK_THROWS_WITH(WordPieceTokenizer::fromVocabFile(dir.file("none.txt"), o),
                    ContainsSubstring("none.txt: cannot open"));
  std::ofstream(dir.file("dup.txt")) << "[UNK]\nfoo\nbar\nfoo\n";
  CHECK_THROWS_WITH(WordPieceTokenizer::fromVocabFile(dir.file("dup.txt"), o),
                    ContainsSubstring("dup.txt: line 4: 'foo' is listed twice"));
  std::ofstream(dir.file("nounk.txt")) << "foo\nbar\n";
  CHECK_THROWS_WITH(WordPieceTokenizer::fromVocabFile(dir.file("nounk.txt"), o),
                    ContainsSubstring("no unknown token '[UNK]'"));
}
