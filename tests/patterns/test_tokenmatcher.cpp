// The token matcher's own cases, beside spaCy's (test_spacycases.cpp): the
// first-word index must not lose a match, REGEX is RE2's, and the greedy modes.
#include "catchapi.h"
#include "patterns/tokenmatcher.h"
#include "patterntesting.h"

#include <algorithm>
#include <tuple>

using namespace spanforge::patterns;
using spanforge::patterns::testing::tokenPattern;
using spanforge::patterns::testing::Words;

namespace {

std::vector<std::tuple<int, int, int>> run(const TokenMatcher& m, const std::string& text) {
  const Words w(text);
  std::vector<std::tuple<int, int, int>> out;
  for (const Match& x : m.match(w.sequence())) out.emplace_back(x.key, x.start, x.end);
  std::sort(out.begin(), out.end());
  return out;
}

using T = std::tuple<int, int, int>;

}  // namespace

TEST_CASE("A token pattern matches every span its quantifiers allow") {
  TokenMatcher m;
  m.add(0, tokenPattern(R"([{"LOWER": "san"}, {"IS_TITLE": true, "OP": "+"}])"));
  CHECK(run(m, "in San Francisco Bay today") == std::vector<T>{{0, 1, 3}, {0, 1, 4}});
  CHECK(run(m, "san") == std::vector<T>{});
}

TEST_CASE("Patterns indexed by their first word and patterns tried everywhere agree") {
  // Same language, one starting with a literal (indexed), one with IN over LOWER
  // (indexed by lower case) and one with a REGEX (tried at every token).
  TokenMatcher m;
  m.add(0, tokenPattern(R"([{"ORTH": "New"}, {"ORTH": "York"}])"));
  m.add(1, tokenPattern(R"([{"LOWER": {"IN": ["new", "old"]}}, {"LOWER": "york"}])"));
  m.add(2, tokenPattern(R"([{"TEXT": {"REGEX": "^[Nn]ew$"}}, {"LOWER": "york"}])"));
  CHECK(run(m, "New York and new york and NEW YORK") ==
        std::vector<T>{{0, 0, 2}, {1, 0, 2}, {1, 3, 5}, {1, 6, 8}, {2, 0, 2}, {2, 3, 5}});
}

TEST_CASE("'!' takes one token that fails, '?' and '*' may take none") {
  TokenMatcher m;
  m.add(0, tokenPattern(R"([{"LOWER": "the"}, {"IS_PUNCT": true, "OP": "!"}, {"LOWER": "end"}])"));
  m.add(1, tokenPattern(R"([{"LOWER": "a"}, {"LOWER": "very", "OP": "*"}, {"LOWER": "big"}])"));
  m.add(2, tokenPattern(R"([{"LOWER": "x"}, {"LOWER": "y", "OP": "?"}])"));
  CHECK(run(m, "the final end , the , end") == std::vector<T>{{0, 0, 3}});
  CHECK(run(m, "a big a very very big") == std::vector<T>{{1, 0, 2}, {1, 2, 6}});
  CHECK(run(m, "x y") == std::vector<T>{{2, 0, 1}, {2, 0, 2}});
}

TEST_CASE("Counted quantifiers and LENGTH comparisons") {
  TokenMatcher m;
  m.add(0, tokenPattern(R"([{"IS_DIGIT": true, "OP": "{2,3}"}])"));
  m.add(1, tokenPattern(R"([{"LENGTH": {">=": 5, "<": 7}}])"));
  CHECK(run(m, "1 2 3 4") == std::vector<T>{{0, 0, 2}, {0, 0, 3}, {0, 1, 3}, {0, 1, 4}, {0, 2, 4}});
  CHECK(run(m, "tiny larger largest") == std::vector<T>{{1, 1, 2}});
}

TEST_CASE("Greedy keys keep non-overlapping matches: FIRST by start, LONGEST by length") {
  TokenMatcher first, longest;
  const auto p = tokenPattern(R"([{"ORTH": "a", "OP": "+"}])");
  first.add(0, p, TokenMatcher::Greedy::First);
  longest.add(0, p, TokenMatcher::Greedy::Longest);
  CHECK(run(first, "a a b a") == std::vector<T>{{0, 0, 2}, {0, 3, 4}});
  CHECK(run(longest, "a a b a") == std::vector<T>{{0, 0, 2}, {0, 3, 4}});
}

TEST_CASE("REGEX searches anywhere in the value, in linear time") {
  TokenMatcher m;
  m.add(0, tokenPattern(R"([{"LOWER": {"REGEX": "ing$"}}])"));
  // A pattern that backtracks exponentially in a backtracking engine.
  m.add(1, tokenPattern(R"([{"TEXT": {"REGEX": "^(a+)+$"}}])"));
  CHECK(run(m, "Running fast") == std::vector<T>{{0, 0, 1}});
  CHECK(run(m, std::string(5000, 'a') + "b") == std::vector<T>{});
}
