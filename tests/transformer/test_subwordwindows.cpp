// Spanforge's tokens (what people label) mapped onto an encoder's subwords,
// and long documents read in overlapping windows.
#include "text/tokenizer.h"
#include "tokenizertestdata.h"
#include "transformer/bytelevelbpetokenizer.h"
#include "transformer/subwordwindows.h"
#include "transformer/wordpiecetokenizer.h"

#include "catchapi.h"

using spanforge::text::Tokenizer;
using spanforge::transformer::alignTokens;
using spanforge::transformer::ByteLevelBpeTokenizer;
using spanforge::transformer::SubwordWindow;
using spanforge::transformer::subwordWindows;
using spanforge::transformer::TokenPieces;
using spanforge::transformer::tokenWindows;
using spanforge::transformer::WordPieceTokenizer;

namespace {}  // namespace

TEST_CASE("Token alignment: every token with something to read gets its own subwords") {
  WordPieceTokenizer::Options o;
  const WordPieceTokenizer bert = WordPieceTokenizer::fromVocabFile(
      spanforge::testing::kTokenizerData + "bert-base-uncased/vocab.txt", o);
  const ByteLevelBpeTokenizer roberta = ByteLevelBpeTokenizer::fromFiles(
      spanforge::testing::kTokenizerData + "roberta-base/vocab.json",
      spanforge::testing::kTokenizerData + "roberta-base/merges.txt", {});
  const std::string text =
      "Zoë's café in Zürich 🗽🍕 #NYC e\xCC\x81t\xC3\xA9 東京 don't @user_1 https://t.co/x1";
  const auto tokens = Tokenizer().tokenize(text);
  REQUIRE(tokens.size() > 8);
  for (const auto* name : {"bert", "roberta"}) {
    INFO(name);
    const auto subwords = std::string(name) == "bert" ? bert.encode(text) : roberta.encode(text);
    const auto pieces = alignTokens(tokens, subwords);
    REQUIRE(pieces.size() == tokens.size());
    int64_t next = 0, shared = 0;
    for (size_t t = 0; t < tokens.size(); ++t) {
      INFO(tokens[t].text);
      REQUIRE_FALSE(pieces[t].empty());
      if (pieces[t].first < next) {
        // Inside a subword an earlier token began (BERT's one [UNK] for "🗽🍕").
        ++shared;
        CHECK(pieces[t].last == next);
        CHECK(subwords[pieces[t].first].end >= tokens[t].end);
        continue;
      }
      CHECK(pieces[t].first == next);  // in order, none skipped
      next = pieces[t].last;
      for (int64_t s = pieces[t].first; s < pieces[t].last; ++s) {
        CHECK(subwords[s].start >= tokens[t].start);
        CHECK(subwords[s].start < tokens[t].end);
      }
    }
    CHECK(next == static_cast<int64_t>(subwords.size()));
    CHECK(shared == (std::string(name) == "bert" ? 1 : 0));
  }
}

TEST_CASE("Token alignment: a token the encoder cannot see gets no subword") {
  // A lone control character is dropped by BERT's normalizer.
  const std::vector<spanforge::text::Token> tokens = {{"a", 0, 1}, {"\x07", 2, 3}, {"b", 4, 5}};
  const std::vector<spanforge::transformer::Subword> subwords = {{10, 0, 1}, {11, 4, 5}};
  const auto pieces = alignTokens(tokens, subwords);
  CHECK(pieces[0].first == 0);
  CHECK(pieces[0].last == 1);
  CHECK(pieces[1].empty());
  CHECK(pieces[2].first == 1);
  CHECK(pieces[2].last == 2);
}

TEST_CASE("Subword windows: overlapping, the last one full, tokens read where most central") {
  const auto one = subwordWindows(300, 510, 128);
  REQUIRE(one.size() == 1);
  CHECK(one[0].begin == 0);
  CHECK(one[0].end == 300);
  const auto w = subwordWindows(10, 4, 3);
  REQUIRE(w.size() == 3);
  CHECK((w[0].begin == 0 && w[0].end == 4));
  CHECK((w[1].begin == 3 && w[1].end == 7));
  CHECK((w[2].begin == 6 && w[2].end == 10));
  const auto uneven = subwordWindows(11, 4, 3);
  CHECK((uneven.back().begin == 7 && uneven.back().end == 11));  // full size at the end
  CHECK_THROWS_WITH(subwordWindows(10, 4, 5), ContainsSubstring("0 < stride <= size"));

  // Tokens of one subword each, and one of three, and one the encoder drops.
  const std::vector<TokenPieces> tokens = {{0, 1}, {3, 4}, {4, 5}, {6, 9}, {9, 9}, {9, 10}};
  const auto chosen = tokenWindows(tokens, w);
  CHECK(chosen[0] == 0);  // only window 0 has subword 0
  CHECK(chosen[1] == 0);  // subword 3: at an edge of both windows; the first wins
  CHECK(chosen[2] == 1);  // subword 4: one from window 1's start
  CHECK(chosen[3] == 2);  // 6..9 fits only the last window
  CHECK(chosen[4] == -1);
  CHECK(chosen[5] == 2);
  // A token longer than a window: where its first subword is, before the next window.
  CHECK(tokenWindows({{1, 9}}, w)[0] == 0);
  CHECK(tokenWindows({{4, 10}}, w)[0] == 1);
}
