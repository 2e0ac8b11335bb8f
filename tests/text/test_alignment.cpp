#include "text/alignment.h"
#include "text/tokenizer.h"

#include "catchapi.h"

#include <stdexcept>

using namespace spanforge::text;

namespace {

// Angela(0,6) Merkel(7,13) met(14,17) Obama(19,24) in(25,27) Berlin(28,34) .(34,35)
const std::string kText = "Angela Merkel met  Obama in Berlin.";

std::vector<Token> tokens() { return Tokenizer().tokenize(kText); }

std::pair<int64_t, int64_t> range(const TokenRange& r) {
  REQUIRE(r.ok());
  return {r.first, r.last};
}

using Pair = std::pair<int64_t, int64_t>;

}  // namespace

TEST_CASE("alignment mode names parse and print") {
  CHECK(std::string(toString(AlignMode::Contract)) == "contract");
  CHECK(parseAlignMode("expand") == AlignMode::Expand);
  CHECK(parseAlignMode("strict") == AlignMode::Strict);
  CHECK_FALSE(parseAlignMode("fuzzy"));
}

TEST_CASE("strict alignment needs token boundaries and says why not") {
  const auto t = tokens();
  REQUIRE(t.size() == 7);
  CHECK(range(charsToTokens(t, 0, 13, AlignMode::Strict)) == Pair{0, 2});
  CHECK(range(charsToTokens(t, 28, 35, AlignMode::Strict)) == Pair{5, 7});
  CHECK(range(charsToTokens(t, 19, 24, AlignMode::Strict)) == Pair{3, 4});
  CHECK(charsToTokens(t, 1, 13, AlignMode::Strict).error ==
        "start 1 falls inside token 0 \"Angela\" [0,6)");
  CHECK(charsToTokens(t, 0, 12, AlignMode::Strict).error ==
        "end 12 falls inside token 1 \"Merkel\" [7,13)");
  CHECK(charsToTokens(t, 17, 24, AlignMode::Strict).error == "start 17 is not at a token start");
  CHECK(charsToTokens(t, 19, 25, AlignMode::Strict).error == "end 25 is not at a token end");
  CHECK(charsToTokens(t, 28, 40, AlignMode::Strict).error == "end 40 is not at a token end");
}

TEST_CASE("expand grows to every touched token, contract shrinks to whole tokens") {
  const auto t = tokens();
  CHECK(range(charsToTokens(t, 1, 12, AlignMode::Expand)) == Pair{0, 2});
  CHECK(range(charsToTokens(t, 16, 20, AlignMode::Expand)) == Pair{2, 4});
  CHECK(range(charsToTokens(t, 13, 24, AlignMode::Expand)) == Pair{2, 4});
  CHECK(range(charsToTokens(t, 1, 24, AlignMode::Contract)) == Pair{1, 4});
  CHECK(range(charsToTokens(t, 6, 13, AlignMode::Contract)) == Pair{1, 2});
  CHECK(range(charsToTokens(t, 0, 100, AlignMode::Contract)) == Pair{0, 7});
  CHECK(charsToTokens(t, 17, 19, AlignMode::Expand).error == "span [17,19) covers no token");
  CHECK(charsToTokens(t, 1, 5, AlignMode::Contract).error == "span [1,5) contains no whole token");
  CHECK(charsToTokens(t, 17, 19, AlignMode::Contract).error ==
        "span [17,19) contains no whole token");
}

TEST_CASE("empty and invalid spans never align") {
  const auto t = tokens();
  for (AlignMode m : {AlignMode::Strict, AlignMode::Expand, AlignMode::Contract}) {
    CHECK(charsToTokens(t, 7, 7, m).error == "empty span at 7");
    CHECK(charsToTokens(t, 9, 3, m).error == "invalid span [9,3)");
    CHECK(charsToTokens(t, -1, 3, m).error == "invalid span [-1,3)");
    CHECK_FALSE(charsToTokens({}, 0, 3, m).ok());
  }
}

TEST_CASE("token ranges convert back to character spans") {
  const auto t = tokens();
  CHECK(tokensToChars(t, TokenSpan{0, 2, "PER"}) == Span{0, 13, "PER"});
  CHECK(tokensToChars(t, {{3, 4, "PER"}, {5, 6, "LOC"}}) ==
        std::vector<Span>{{19, 24, "PER"}, {28, 34, "LOC"}});
  CHECK_THROWS_AS(tokensToChars(t, TokenSpan{2, 2, "X"}), std::out_of_range);
  CHECK_THROWS_AS(tokensToChars(t, TokenSpan{5, 8, "X"}), std::out_of_range);
  // Aligned spans round-trip: chars -> tokens -> chars.
  for (const Span& s : {Span{0, 13, "PER"}, Span{19, 24, "PER"}, Span{28, 34, "LOC"}}) {
    const TokenRange r = charsToTokens(t, s.start, s.end, AlignMode::Strict);
    REQUIRE(r.ok());
    CHECK(tokensToChars(t, TokenSpan{r.first, r.last, s.label}) == s);
  }
}

TEST_CASE("alignSpans reports what does not align instead of dropping it") {
  const auto t = tokens();
  const std::vector<Span> spans = {
      {28, 34, "LOC"},  // Berlin
      {1, 13, "PER"},   // inside Angela
      {17, 19, "X"},    // whitespace only
      {19, 24, "PER"},  // Obama
      {8, 10, "ORG"},   // inside Merkel: overlaps span 1 once expanded
  };
  const AlignResult strict = alignSpans(t, spans, AlignMode::Strict);
  CHECK(strict.spans == std::vector<TokenSpan>{{3, 4, "PER"}, {5, 6, "LOC"}});
  CHECK(strict.sources == std::vector<size_t>{3, 0});
  REQUIRE(strict.failures.size() == 3);
  CHECK(strict.failures[0].index == 1);
  CHECK(strict.failures[0].span == spans[1]);
  CHECK(strict.failures[1].index == 2);
  CHECK(strict.failures[2].index == 4);

  const AlignResult expand = alignSpans(t, spans, AlignMode::Expand);
  CHECK(expand.spans == std::vector<TokenSpan>{{0, 2, "PER"}, {3, 4, "PER"}, {5, 6, "LOC"}});
  CHECK(expand.sources == std::vector<size_t>{1, 3, 0});
  REQUIRE(expand.failures.size() == 2);
  CHECK(expand.failures[0].index == 2);
  CHECK(expand.failures[0].reason == "span [17,19) covers no token");
  CHECK(expand.failures[1].index == 4);
  CHECK(expand.failures[1].reason == "tokens [1,2) overlap span 1 (tokens [0,2))");
  CHECK_FALSE(expand.ok());
  CHECK(alignSpans(t, {{0, 6, "PER"}}, AlignMode::Contract).ok());
}

TEST_CASE("alignment counts code points around emoji and astral characters") {
  // 😀(0,1) Paris(2,7) 👍🏽(8,10) 𝐀𝐁(11,13)
  const std::string s = "\U0001F600 Paris \U0001F44D\U0001F3FD \U0001D400\U0001D401";
  const auto t = Tokenizer().tokenize(s);
  REQUIRE(t.size() == 4);
  CHECK(range(charsToTokens(t, 2, 7, AlignMode::Strict)) == Pair{1, 2});
  CHECK(range(charsToTokens(t, 11, 13, AlignMode::Strict)) == Pair{3, 4});
  CHECK(range(charsToTokens(t, 3, 9, AlignMode::Expand)) == Pair{1, 3});
  CHECK(charsToTokens(t, 8, 9, AlignMode::Strict).error ==
        "end 9 falls inside token 2 \"\U0001F44D\U0001F3FD\" [8,10)");
  CHECK(tokensToChars(t, TokenSpan{1, 4, "X"}) == Span{2, 13, "X"});
}
