#include "model/nermodel.h"
#include "train/eval/evaluator.h"
#include "traintestdata.h"

#include "catchapi.h"

using namespace spanforge;
using namespace spanforge::train;
using namespace spanforge::train::testing;

TEST_CASE("evaluator: scores every sentence, the same with one thread or two") {
  const Corpus dev = head(demoDev(), 150);
  // A model without "product": gold entities of that label can only be missed.
  const model::NerModel m(tinyConfig().model, {"location", "person"});
  const EvaluationResult one = Evaluator(dev, m, 1, 300).evaluate(m);
  const EvaluationResult two = Evaluator(dev, m, 2, 300).evaluate(m);
  CHECK(one.sentences == 150);
  CHECK(one.words == dev.words());
  CHECK(one.wordsPerSecond > 0);
  CHECK(one.report.overall.support == dev.entities());
  CHECK(one.report.tokens == dev.words());
  CHECK(one.report.perLabel.count("product") == 1);
  CHECK(one.report.perLabel.at("product").predicted == 0);
  CHECK(two.report.overall.predicted == one.report.overall.predicted);
  CHECK(two.report.overall.correct == one.report.overall.correct);
  CHECK(two.report.correctTokens == one.report.correctTokens);
  const EvaluationResult run = Evaluator::run(dev, m);
  CHECK(run.report.overall.predicted == one.report.overall.predicted);
  CHECK(run.seconds >= 0);
}
