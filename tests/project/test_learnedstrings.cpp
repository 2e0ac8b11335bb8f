// The strings people label become the learned pattern set; the open
// document is matched with it; suggestions carry their pattern and its record.
#include "adddocument.h"
#include "catchapi.h"
#include "project/documentpatternmatcher.h"
#include "project/learnedstrings.h"
#include "store/projectstore.h"
#include "store/storeerror.h"
#include "tempdir.h"

using spanforge::project::DocumentPatternMatcher;
using spanforge::project::LearnedStrings;
using spanforge::testing::addDocument;
using spanforge::testing::TempDir;
namespace store = spanforge::store;
namespace text = spanforge::text;

namespace {

store::PatternMatchRecord open(int64_t doc, const text::ScoredSpan& s) {
  return {doc, s.pattern, s.span, store::MatchState::Open};
}

}  // namespace

TEST_CASE("Learned strings: each labelled string once per label, as a phrase pattern") {
  TempDir dir;
  auto p = store::ProjectStore::create(dir.file("p.sfproj"));
  LearnedStrings strings(*p);
  CHECK_FALSE(p->patterns().set(store::PatternSetRecord::kLearnedName));
  CHECK(strings.learn("New York", "LOC"));
  CHECK_FALSE(strings.learn("New York", "LOC"));  // known
  CHECK(strings.learn("New York", "ORG"));        // known, not for this label
  CHECK_FALSE(strings.learn(" \n", "LOC"));       // blank
  const auto set = p->patterns().set(store::PatternSetRecord::kLearnedName);
  REQUIRE(set);
  const auto rows = p->patterns().patterns(set->id);
  REQUIRE(rows.size() == 2);
  CHECK(rows[0].line == 1);
  CHECK(rows[0].source == R"({"label":"LOC","pattern":"New York"})");
  CHECK(rows[1].line == 2);
}

TEST_CASE("Learned strings: the opened document is matched, and they are suggestions") {
  TempDir dir;
  auto p = store::ProjectStore::create(dir.file("p.sfproj"));
  const int64_t a = addDocument(*p, "Flights to New York and new york.");
  const int64_t done = addDocument(*p, "New York again.", text::DocStatus::Accepted);
  LearnedStrings(*p).learn("New York", "LOC");
  DocumentPatternMatcher matcher(*p);
  CHECK(matcher.refresh(a) == 1);     // exact case only
  CHECK(matcher.refresh(done) == 0);  // labelled documents are left alone
  auto found = p->patterns().suggestions(a);
  REQUIRE(found.size() == 1);
  CHECK(found[0].span == text::Span{11, 19, "LOC"});
  CHECK(found[0].score == Approx(0.5));  // untried
  CHECK(found[0].fromPattern());
  const auto source = p->patterns().source(found[0].pattern);
  REQUIRE(source);
  CHECK(source->setName == store::PatternSetRecord::kLearnedName);
  CHECK(source->line == 1);

  // A string learned later shows once the matcher reads the sets again.
  LearnedStrings(*p).learn("new york", "LOC");
  CHECK(matcher.refresh(a) == 1);
  matcher.invalidate();
  CHECK(matcher.refresh(a) == 2);
}

TEST_CASE("Pattern suggestions: scored by acceptance, the learned ones hidden once refused") {
  TempDir dir;
  auto p = store::ProjectStore::create(dir.file("p.sfproj"));
  std::vector<int64_t> docs;
  // Texts differ: the store keeps one document per text.
  for (int i = 0; i < 4; ++i)
    docs.push_back(addDocument(*p, "Acme rises " + std::to_string(i) + "."));
  LearnedStrings(*p).learn("Acme", "ORG");
  DocumentPatternMatcher matcher(*p);
  for (int64_t d : docs) CHECK(matcher.refresh(d) == 1);
  for (int64_t d : docs) CHECK(p->patterns().suggestions(d).size() == 1);
  auto decide = [&](int64_t doc, store::MatchState state) {
    const auto s = p->patterns().suggestions(doc);
    REQUIRE(s.size() == 1);
    p->setSpansAndPredictions(doc, std::nullopt, 0, {}, {{open(doc, s[0]), state}});
  };
  decide(docs[0], store::MatchState::Accepted);
  CHECK(p->patterns().suggestions(docs[1]).at(0).score == Approx(2.0 / 3.0));
  decide(docs[1], store::MatchState::Rejected);
  decide(docs[2], store::MatchState::Rejected);
  CHECK(p->patterns().suggestions(docs[3]).size() == 1);  // 2 rejected, 1 accepted + 1 typed
  // A decided match is not opened again by matching the document again.
  matcher.refresh(docs[1]);
  CHECK(p->patterns().suggestions(docs[1]).empty());
  CHECK(p->patterns().matches(docs[1]).size() == 1);
}

TEST_CASE("Deciding a match that is not there changes nothing, gold included") {
  TempDir dir;
  auto p = store::ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("ORG");
  const int64_t d = addDocument(*p, "Acme rises.");
  const store::PatternMatchRecord ghost{d, 999, {0, 4, "ORG"}, store::MatchState::Open};
  CHECK_THROWS_AS(p->setSpansAndPredictions(d, std::vector<text::Span>{{0, 4, "ORG"}}, 0, {},
                                            {{ghost, store::MatchState::Accepted}}),
                  store::StoreError);
  CHECK(p->documents().get(d)->doc.spans.empty());
}
