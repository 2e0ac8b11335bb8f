#include "train/eval/entityscorer.h"

#include <nlohmann/json.hpp>
#include "catchapi.h"

using namespace spanforge::train;
using spanforge::text::Span;
using spanforge::text::TokenSpan;

namespace {

using Tags = std::vector<std::string>;
using Spans = std::vector<TokenSpan>;

// Three sentences with one error of every kind; the expected numbers below
// are worked out by hand in the comments.
EntityScorer threeSentences() {
  EntityScorer s;
  // PER exact; LOC span labelled ORG (wrong type); ORG cut short (wrong
  // boundary); MISC where there is nothing (spurious). 10 tokens, 7 equal tags.
  s.add(Spans{{0, 2, "PER"}, {3, 4, "LOC"}, {5, 7, "ORG"}},
        Spans{{0, 2, "PER"}, {3, 4, "ORG"}, {5, 6, "ORG"}, {8, 9, "MISC"}}, 10);
  // Nothing predicted: two missed. 5 tokens, 2 equal tags.
  s.add(Spans{{0, 1, "LOC"}, {2, 4, "PER"}}, Spans{}, 5);
  // Shifted and relabelled (wrong boundary and type). 4 tokens, 1 equal tag.
  s.add(Spans{{0, 2, "ORG"}}, Spans{{1, 3, "PER"}}, 4);
  return s;
}

}  // namespace

TEST_CASE("seqeval's documentation example") {
  EntityScorer s;
  s.addTags({"O", "O", "O", "B-MISC", "I-MISC", "I-MISC", "O"},
            {"O", "O", "B-MISC", "I-MISC", "I-MISC", "I-MISC", "O"});
  s.addTags({"B-PER", "I-PER", "O"}, {"B-PER", "I-PER", "O"});
  const EvaluationReport r = s.report();
  // classification_report: MISC 0.00 0.00 0.00 1; PER 1.00 1.00 1.00 1;
  // micro avg 0.50 0.50 0.50 2; macro avg 0.50; accuracy_score 0.80.
  CHECK(r.perLabel.at("MISC").f1 == 0.0);
  CHECK(r.perLabel.at("MISC").support == 1);
  CHECK(r.perLabel.at("PER").precision == 1.0);
  CHECK(r.overall.precision == 0.5);
  CHECK(r.overall.recall == 0.5);
  CHECK(r.overall.f1 == 0.5);
  CHECK(r.overall.support == 2);
  CHECK(r.macro.f1 == 0.5);
  CHECK(r.tokenAccuracy().value_or(-1) == Approx(0.8));
  CHECK(r.sentences == 2);
  CHECK(r.errors.wrongBoundary == 1);
  CHECK(r.errors.total() == 1);
}

TEST_CASE("seqeval chunking of well-formed and ill-formed tags") {
  const auto chunks = EntityScorer::seqevalEntities;
  CHECK(chunks({"B-PER", "I-PER", "O", "B-LOC"}) == Spans{{0, 2, "PER"}, {3, 4, "LOC"}});
  // I- after O (or at the start) begins an entity.
  CHECK(chunks({"I-PER", "I-PER", "O", "I-LOC"}) == Spans{{0, 2, "PER"}, {3, 4, "LOC"}});
  // A type change splits, whatever the prefix.
  CHECK(chunks({"B-PER", "I-LOC"}) == Spans{{0, 1, "PER"}, {1, 2, "LOC"}});
  CHECK(chunks({"B-PER", "I-PER", "I-ORG", "I-ORG"}) == Spans{{0, 2, "PER"}, {2, 4, "ORG"}});
  // B- always begins a new entity.
  CHECK(chunks({"I-PER", "B-PER", "I-PER"}) == Spans{{0, 1, "PER"}, {1, 3, "PER"}});
  // IOBES reads as intended; E- E- is two entities.
  CHECK(chunks({"B-PER", "E-PER", "S-LOC", "O", "S-X"}) ==
        Spans{{0, 2, "PER"}, {2, 3, "LOC"}, {4, 5, "X"}});
  CHECK(chunks({"E-PER", "E-PER"}) == Spans{{0, 1, "PER"}, {1, 2, "PER"}});
  // Labels may contain '-'; a tag without one is read the way seqeval reads it.
  CHECK(chunks({"B-B-X", "I-B-X"}) == Spans{{0, 2, "B-X"}});
  CHECK(chunks({"PER"}) == Spans{{0, 1, "ER"}});
  CHECK(chunks({}).empty());
  CHECK(chunks({"O", "O"}).empty());
}

TEST_CASE("non-strict chunking decides what counts as correct") {
  EntityScorer s;
  // I- tags where B- belongs still give the gold entities.
  s.addTags({"B-PER", "I-PER", "O", "B-LOC"}, {"I-PER", "I-PER", "O", "I-LOC"});
  EvaluationReport r = s.report();
  CHECK(r.overall.f1 == 1.0);
  CHECK(r.tokenAccuracy().value_or(-1) == Approx(0.5));

  s.clear();
  // One gold ORG read as ORG, PER, ORG: three wrong predictions.
  s.addTags({"B-ORG", "I-ORG", "I-ORG"}, {"B-ORG", "I-PER", "I-ORG"});
  r = s.report();
  CHECK(r.overall.predicted == 3);
  CHECK(r.overall.correct == 0);
  CHECK(r.errors.wrongBoundary == 2);
  CHECK(r.errors.wrongBoundaryType == 1);
  CHECK(r.errors.missed == 0);
  CHECK(r.perLabel.at("PER").support == 0);
  CHECK(r.perLabel.at("PER").predicted == 1);
  CHECK_THROWS_AS(s.addTags({"O"}, {"O", "O"}), std::invalid_argument);
}

TEST_CASE("scores, errors and confusion over several sentences") {
  const EvaluationReport r = threeSentences().report();
  // Gold: PER 2, LOC 2, ORG 2. Predicted: PER 2, ORG 2, MISC 1. Correct: PER 1.
  CHECK(r.overall.support == 6);
  CHECK(r.overall.predicted == 5);
  CHECK(r.overall.correct == 1);
  CHECK(r.overall.precision == Approx(0.2));
  CHECK(r.overall.recall == Approx(1.0 / 6));
  CHECK(r.overall.f1 == Approx(2.0 / 11));
  REQUIRE(r.perLabel.size() == 4);
  CHECK(r.perLabel.at("PER").f1 == Approx(0.5));
  CHECK(r.perLabel.at("LOC").precision == 0.0);  // nothing predicted: 0, not NaN
  CHECK(r.perLabel.at("LOC").support == 2);
  CHECK(r.perLabel.at("MISC").support == 0);
  CHECK(r.perLabel.at("MISC").recall == 0.0);
  CHECK(r.macro.f1 == Approx(0.125));  // (0.5 + 0 + 0 + 0) / 4
  CHECK(r.tokens == 19);
  CHECK(r.correctTokens == 10);

  CHECK(r.errors.wrongType == 1);
  CHECK(r.errors.wrongBoundary == 1);
  CHECK(r.errors.wrongBoundaryType == 1);
  CHECK(r.errors.missed == 2);
  CHECK(r.errors.spurious == 1);
  CHECK(r.errorsPerLabel.at("LOC").wrongType == 1);
  CHECK(r.errorsPerLabel.at("LOC").missed == 1);
  CHECK(r.errorsPerLabel.at("ORG").wrongBoundary == 1);
  CHECK(r.errorsPerLabel.at("ORG").wrongBoundaryType == 1);
  CHECK(r.errorsPerLabel.at("PER").missed == 1);
  CHECK(r.errorsPerLabel.at("MISC").spurious == 1);

  const ConfusionMatrix& m = r.confusion;
  CHECK(m.labels == std::vector<std::string>{"LOC", "MISC", "ORG", "PER"});
  CHECK(m.at("PER", "PER") == 1);
  CHECK(m.at("LOC", "ORG") == 1);
  CHECK(m.at("LOC", "") == 1);
  CHECK(m.at("ORG", "") == 2);
  CHECK(m.at("", "ORG") == 1);
  CHECK(m.at("", "MISC") == 1);
  CHECK(m.at("", "PER") == 1);
  CHECK(m.at("NOPE", "PER") == 0);
  // Rows sum to the support, columns to the predicted counts.
  for (size_t i = 0; i < m.labels.size(); ++i) {
    int64_t row = 0, col = 0;
    for (size_t j = 0; j <= m.labels.size(); ++j) {
      row += m.counts[i][j];
      col += m.counts[j][i];
    }
    CHECK(row == r.perLabel.at(m.labels[i]).support);
    CHECK(col == r.perLabel.at(m.labels[i]).predicted);
  }
}

TEST_CASE("no gold or no predictions give zeros, not NaN") {
  EntityScorer empty;
  EvaluationReport r = empty.report();
  CHECK(r.overall.f1 == 0.0);
  CHECK(r.perLabel.empty());
  CHECK_FALSE(r.tokenAccuracy());
  CHECK(r.confusion.counts == std::vector<std::vector<int64_t>>{{0}});

  EntityScorer noPred({"PER", "LOC"});
  noPred.add(Spans{{0, 1, "PER"}}, Spans{});
  r = noPred.report();
  CHECK(r.overall.precision == 0.0);
  CHECK(r.overall.recall == 0.0);
  CHECK(r.overall.f1 == 0.0);
  CHECK(r.errors.missed == 1);
  CHECK(r.perLabel.count("LOC") == 1);  // asked for, never seen
  CHECK(r.perLabel.at("LOC").support == 0);

  EntityScorer noGold;
  noGold.add(Spans{}, Spans{{0, 1, "PER"}, {2, 3, "PER"}});
  r = noGold.report();
  CHECK(r.overall.precision == 0.0);
  CHECK(r.overall.recall == 0.0);
  CHECK(r.errors.spurious == 2);
  CHECK(r.sentences == 1);
}

TEST_CASE("character spans, duplicates and empty spans") {
  EntityScorer s;
  s.add(std::vector<Span>{{0, 5, "PER"}, {0, 5, "PER"}, {7, 7, "LOC"}},
        std::vector<Span>{{0, 5, "PER"}, {10, 12, "LOC"}});
  const EvaluationReport r = s.report();
  CHECK(r.overall.support == 1);
  CHECK(r.overall.predicted == 2);
  CHECK(r.overall.precision == 0.5);
  CHECK(r.overall.recall == 1.0);
  CHECK_FALSE(r.tokenAccuracy());
}

TEST_CASE("report JSON has the CLI's keys") {
  const nlohmann::json j = threeSentences().report();
  CHECK(j.at("ents_p").get<double>() == Approx(0.2));
  CHECK(j.at("ents_r").get<double>() == Approx(1.0 / 6));
  CHECK(j.at("ents_f").get<double>() == Approx(2.0 / 11));
  CHECK(j.at("per_label").at("PER").at("f").get<double>() == Approx(0.5));
  CHECK(j.at("per_label").at("LOC").at("support") == 2);
  CHECK(j.at("per_label").at("LOC").at("p") == 0.0);
  CHECK(j.at("token_acc").get<double>() == Approx(10.0 / 19));
  CHECK(j.at("errors").at("wrong_boundary_type") == 1);
  CHECK(j.at("errors").at("missed") == 2);
  CHECK(j.at("confusion").at("labels").size() == 4);
  CHECK(j.at("confusion").at("counts").size() == 5);
  const nlohmann::json empty = EntityScorer().report();
  CHECK(empty.at("token_acc").is_null());
  CHECK(empty.at("per_label").is_object());
}
