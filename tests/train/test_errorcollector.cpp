#include "train/eval/entityscorer.h"
#include "train/eval/errorcollector.h"

#include "catchapi.h"

#include <map>
#include <random>

using namespace spanforge;
using text::TokenSpan;
using train::ErrorCollector;
using train::ErrorKind;

namespace {

ErrorKind kindOf(const std::vector<train::ErrorExample>& examples, const TokenSpan& predicted) {
  for (const auto& e : examples)
    if (e.predicted == predicted) return e.kind;
  FAIL("no example for the prediction");
  return ErrorKind::Correct;
}

}  // namespace

TEST_CASE("error collector: each prediction and missed gold entity gets one kind") {
  const std::vector<TokenSpan> gold{
      {0, 2, "PER"}, {3, 4, "LOC"}, {5, 7, "ORG"}, {8, 9, "PER"}, {10, 12, "LOC"}};
  const std::vector<TokenSpan> predicted{
      {0, 2, "PER"}, {3, 4, "ORG"}, {5, 6, "ORG"}, {8, 10, "LOC"}, {13, 14, "PER"}};
  const auto examples = ErrorCollector::classify(7, gold, predicted);
  REQUIRE(examples.size() == 6);
  for (const auto& e : examples) CHECK(e.documentId == 7);
  CHECK(kindOf(examples, {0, 2, "PER"}) == ErrorKind::Correct);
  CHECK(kindOf(examples, {3, 4, "ORG"}) == ErrorKind::WrongType);
  CHECK(kindOf(examples, {5, 6, "ORG"}) == ErrorKind::WrongBoundary);
  CHECK(kindOf(examples, {8, 10, "LOC"}) == ErrorKind::WrongBoundaryType);
  CHECK(kindOf(examples, {13, 14, "PER"}) == ErrorKind::Spurious);
  const auto& missed = examples.back();
  CHECK(missed.kind == ErrorKind::Missed);
  CHECK(missed.gold == TokenSpan{10, 12, "LOC"});
  CHECK_FALSE(missed.predicted.has_value());
  // The gold entity a wrong prediction is charged to.
  for (const auto& e : examples)
    if (e.kind == ErrorKind::WrongBoundaryType) CHECK(e.gold == TokenSpan{8, 9, "PER"});
  CHECK(std::string(train::toString(ErrorKind::WrongBoundaryType)) == "wrong_boundary_type");
}

TEST_CASE("error collector: counts agree with the entity scorer on random documents") {
  std::mt19937 rng(11);
  const std::vector<std::string> labels{"A", "B", "C"};
  const auto randomSpans = [&](int tokens) {
    std::vector<TokenSpan> out;
    for (int i = 0; i < tokens;) {
      const int len = 1 + static_cast<int>(rng() % 3);
      if (rng() % 3 == 0 && i + len <= tokens)
        out.push_back({i, i + len, labels[rng() % labels.size()]});
      i += len;
    }
    return out;
  };
  train::EntityScorer scorer;
  std::map<ErrorKind, int64_t> kinds;
  for (int doc = 0; doc < 300; ++doc) {
    const auto gold = randomSpans(12), predicted = randomSpans(12);
    scorer.add(gold, predicted);
    for (const auto& e : ErrorCollector::classify(doc, gold, predicted)) ++kinds[e.kind];
  }
  const auto r = scorer.report();
  CHECK(kinds[ErrorKind::Correct] == r.overall.correct);
  CHECK(kinds[ErrorKind::WrongType] == r.errors.wrongType);
  CHECK(kinds[ErrorKind::WrongBoundary] == r.errors.wrongBoundary);
  CHECK(kinds[ErrorKind::WrongBoundaryType] == r.errors.wrongBoundaryType);
  CHECK(kinds[ErrorKind::Spurious] == r.errors.spurious);
  CHECK(kinds[ErrorKind::Missed] == r.errors.missed);
  CHECK(r.errors.total() > 100);  // the test saw every kind in numbers
}
