// Several sets over one document, resolved as spaCy's EntityRuler sets doc.ents.
#include "catchapi.h"
#include "patterns/patternreader.h"
#include "patterns/patternsetmatcher.h"
#include "patterntesting.h"

using namespace spanforge::patterns;
using spanforge::patterns::testing::Words;

namespace {

PatternSet setOf(std::vector<std::string> lines,
                 PhraseAttribute attribute = PhraseAttribute::Orth) {
  PatternSet set;
  set.name = "p.jsonl";
  set.phraseAttribute = attribute;
  for (size_t i = 0; i < lines.size(); ++i)
    set.patterns.push_back(PatternReader::parseLine(lines[i], "p.jsonl", int64_t(i) + 1));
  return set;
}

}  // namespace

TEST_CASE("Overlapping matches resolve longest first, then the earliest") {
  const std::vector<PatternSet> sets{setOf({
      R"({"label": "GPE", "pattern": "New York"})",
      R"({"label": "ORG", "pattern": "New York Times"})",
      R"({"label": "GPE", "pattern": "York"})",
      R"({"label": "X", "pattern": [{"LOWER": "times"}, {"LOWER": "square"}]})",
  })};
  const PatternSetMatcher m(sets);
  const Words w("the New York Times Square office");
  CHECK(m.matchAll(w.sequence()).size() == 4);
  const auto ents = m.entities(w.sequence());
  REQUIRE(ents.size() == 1);
  CHECK(ents[0] == PatternHit{0, 1, 1, 4});
}

TEST_CASE("Equal spans: the pattern listed first wins, and LOWER sets fold case") {
  const std::vector<PatternSet> sets{
      setOf({R"({"label": "ORG", "pattern": "apple"})"}, PhraseAttribute::Lower),
      setOf({R"({"label": "FRUIT", "pattern": "Apple"})"}),
  };
  const PatternSetMatcher m(sets);
  const Words w("Apple and APPLE");
  const auto ents = m.entities(w.sequence());
  REQUIRE(ents.size() == 2);
  CHECK(ents[0] == PatternHit{0, 0, 0, 1});
  CHECK(ents[1] == PatternHit{0, 0, 2, 3});
}

TEST_CASE("Many sets, folded and not, each keep their phrases") {
  // Regression: sets' phrase matchers once were copied as their vector grew,
  // leaving the copies' index viewing freed words.
  std::vector<PatternSet> sets;
  for (int i = 0; i < 20; ++i)
    sets.push_back(setOf({R"({"label": "L", "pattern": "Word)" + std::to_string(i) + R"("})"},
                         i % 2 ? PhraseAttribute::Lower : PhraseAttribute::Orth));
  const PatternSetMatcher m(sets);
  const Words w("Word0 word1 Word2 Word19 word18");
  const auto hits = m.matchAll(w.sequence());
  REQUIRE(hits.size() == 4);  // word18 is not folded, Word19 is
  CHECK(hits[0] == PatternHit{0, 0, 0, 1});
  CHECK(hits[1] == PatternHit{1, 0, 1, 2});
  CHECK(hits[2] == PatternHit{2, 0, 2, 3});
  CHECK(hits[3] == PatternHit{19, 0, 3, 4});
}
