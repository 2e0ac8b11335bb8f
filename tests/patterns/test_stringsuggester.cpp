// The string-matching suggester: what people labelled comes back elsewhere,
// scored by how often it was accepted, and stops once it is mostly rejected.
#include "catchapi.h"
#include "patterns/stringsuggester.h"
#include "patterntesting.h"

using namespace spanforge::patterns;
using spanforge::patterns::testing::Words;

TEST_CASE("A labelled string is suggested wherever it occurs, longest first") {
  StringSuggester s;
  const Words none("New York is big");
  CHECK(s.suggest(none.sequence()).empty());
  s.accepted({"New", "York"}, "LOC");
  s.accepted({"York"}, "PER");
  const Words w("From New York to York");
  const auto got = s.suggest(w.sequence());
  REQUIRE(got.size() == 2);
  CHECK(got[0] == StringSuggester::Suggestion{1, 3, "LOC", 1.0});
  CHECK(got[1] == StringSuggester::Suggestion{4, 5, "PER", 1.0});
  const Words lower("new york");
  CHECK(s.suggest(lower.sequence()).empty());
  StringSuggester folded(true);
  folded.accepted({"New", "York"}, "LOC");
  CHECK(folded.suggest(lower.sequence()).size() == 1);
}

TEST_CASE("Rejections lower the score until the string is no longer suggested") {
  StringSuggester s;
  s.accepted({"Apple"}, "ORG");
  s.accepted({"Apple"}, "ORG");
  s.accepted({"Apple"}, "FRUIT");
  const Words w("an Apple");
  CHECK(s.suggest(w.sequence())[0].label == "ORG");  // accepted most often
  s.rejected({"Apple"}, "ORG");
  CHECK(s.suggest(w.sequence())[0].score == Approx(2.0 / 3.0));
  s.rejected({"Apple"}, "ORG");
  s.rejected({"Apple"}, "ORG");
  CHECK(s.suggest(w.sequence()).empty());  // 2 of 5: below one half
  CHECK(s.suggest(w.sequence(), 0.4).size() == 1);
  CHECK(s.strings() == 1);
}
