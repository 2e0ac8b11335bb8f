#include "active/devevaluator.h"
#include "active/documentpredictor.h"
#include "active/packagecache.h"
#include "model/nermodel.h"
#include "projectfixture.h"
#include "tempdir.h"
#include "tinymodel.h"
#include "train/data/projectdata.h"
#include "train/package/modelpackage.h"
#include "train/package/packageinfo.h"

#include <algorithm>
#include <set>
#include <string>

using namespace spanforge;
using spanforge::testing::TempDir;
using text::DocStatus;

using Fixture = active::testing::ProjectFixture;
using active::testing::lengthModel;

TEST_CASE("document predictor: stores the chosen documents' predictions, never as gold") {
  Fixture f;
  const int64_t one = f.add("two words");
  const int64_t two = f.add("Ünïcode wörds here");
  const int64_t untouched = f.add("not asked for");
  const auto model = lengthModel();
  const auto result = active::DocumentPredictor(*f.project, *model, f.modelId).run({one, two, 999});
  CHECK(result.documents == 2);  // 999 does not exist
  CHECK(result.predictedSpans == 2);
  CHECK(result.unstoredSpans == 0);

  const auto spans = f.project->predictions().get(one, f.modelId);
  REQUIRE(spans.size() == 1);
  CHECK(spans[0].span == text::Span{0, 9, "A"});
  CHECK(spans[0].score == Approx(0.4).epsilon(1e-6));
  const auto unicode = f.project->predictions().get(two, f.modelId);
  REQUIRE(unicode.size() == 1);
  CHECK(unicode[0].span == text::Span{0, 18, "A"});  // code points, not bytes
  CHECK(f.project->predictions().get(untouched, f.modelId).empty());
  CHECK(f.project->documents().get(one)->doc.spans.empty());

  // Predicting again replaces, never duplicates.
  active::DocumentPredictor(*f.project, *model, f.modelId).run({one});
  CHECK(f.project->predictions().get(one, f.modelId).size() == 1);
}

TEST_CASE("document predictor: labels the project lacks and unknown models") {
  Fixture f;
  const int64_t id = f.add("some text");
  const auto model = lengthModel({"B"});
  const auto result = active::DocumentPredictor(*f.project, *model, f.modelId).run({id});
  CHECK(result.missingLabels == std::vector<std::string>{"B"});
  CHECK(result.unstoredSpans == 1);
  CHECK(f.project->predictions().get(id, f.modelId).empty());
  CHECK_THROWS_WITH(active::DocumentPredictor(*f.project, *model, f.modelId + 5).run({id}),
                    ContainsSubstring("no model with id"));
}

TEST_CASE("package cache: loads a package once per model id and directory") {
  TempDir dir;
  const auto model = lengthModel();
  train::TrainConfig config;
  config.model = active::testing::tinyModelConfig("iob2");
  train::ModelPackage::write(dir.file("m"), *model, config, train::PackageInfo{});
  active::PackageCache cache;
  CHECK_FALSE(cache.holds(1, dir.file("m")));
  const train::ModelPackage& first = cache.get(1, dir.file("m"));
  CHECK(first.model().labels() == std::vector<std::string>{"A"});
  CHECK(cache.holds(1, dir.file("m")));
  CHECK(&cache.get(1, dir.file("m")) == &first);  // not read again
  CHECK_FALSE(cache.holds(2, dir.file("m")));     // a new id is a new model
  cache.get(2, dir.file("m"));
  CHECK(cache.holds(2, dir.file("m")));
  CHECK_THROWS(cache.get(3, dir.file("missing")));
  CHECK_FALSE(cache.holds(2, dir.file("m")));
}

TEST_CASE("dev evaluator: scores the dev documents and lists every entity as an example") {
  Fixture f;
  // Dev documents marked Dev: the model predicts one A span over everything.
  const int64_t exact = f.add("two words", DocStatus::Accepted, {{0, 9, "A"}}, store::Split::Dev);
  const int64_t boundary =
      f.add("three more words", DocStatus::Accepted, {{0, 5, "A"}}, store::Split::Dev);
  const int64_t spurious = f.add("nothing here", DocStatus::Accepted, {}, store::Split::Dev);
  f.add("a training document", DocStatus::Accepted, {{0, 1, "A"}}, store::Split::Train);
  f.add("unlabelled", DocStatus::Unlabelled, {}, store::Split::Dev);
  const auto model = lengthModel();

  const active::DevEvaluation e = active::DevEvaluator::run(*f.project, *model, {});
  CHECK(e.fromSplit);
  CHECK(e.documents == 3);
  CHECK(e.report.overall.support == 2);
  CHECK(e.report.overall.predicted == 3);
  CHECK(e.report.overall.correct == 1);
  CHECK(e.report.errors.wrongBoundary == 1);
  CHECK(e.report.errors.spurious == 1);
  REQUIRE(e.examples.size() == 3);

  const auto of = [&](int64_t doc) {
    for (const auto& x : e.examples)
      if (x.documentId == doc) return x;
    FAIL("no example for document " << doc);
    return active::DevExample{};
  };
  CHECK(of(exact).kind == train::ErrorKind::Correct);
  CHECK(of(boundary).kind == train::ErrorKind::WrongBoundary);
  CHECK(of(boundary).gold == text::Span{0, 5, "A"});
  CHECK(of(boundary).predicted == text::Span{0, 16, "A"});
  CHECK(of(boundary).text == "three more words");
  CHECK(of(boundary).before.empty());
  CHECK(of(spurious).kind == train::ErrorKind::Spurious);
  CHECK_FALSE(of(spurious).gold.has_value());

  std::atomic<bool> cancel{true};
  const auto cancelled = active::DevEvaluator::run(*f.project, *model, {}, 1, &cancel);
  CHECK(cancelled.cancelled);
  CHECK(cancelled.examples.empty());
}

TEST_CASE("dev evaluator: calibration figures come from the dev documents kept from selection") {
  Fixture f;
  f.add("two words", DocStatus::Accepted, {{0, 9, "A"}}, store::Split::Dev);         // right
  f.add("three more words", DocStatus::Accepted, {{0, 5, "A"}}, store::Split::Dev);  // wrong
  f.add("nothing here", DocStatus::Accepted, {}, store::Split::Dev);                 // wrong
  f.add("one", DocStatus::Accepted, {{0, 3, "A"}}, store::Split::Dev);               // right
  const auto model = lengthModel();
  train::DataSettings all;
  const auto whole = active::DevEvaluator::run(*f.project, *model, all);
  CHECK(whole.calibrationDocuments == 4);
  CHECK(whole.calibration.spans == 4);
  train::DataSettings half;
  half.calibrationShare = 0.5;
  const auto e = active::DevEvaluator::run(*f.project, *model, half);
  CHECK(e.report.overall.predicted == 4);  // the scores: every dev document
  CHECK(e.calibrationDocuments == 2);      // the calibration: the last two
  REQUIRE(e.calibration.spans == 2);
  REQUIRE(e.spans.size() == 2);
  CHECK_FALSE(e.spans[0].right);  // "nothing here"
  CHECK(e.spans[1].right);        // "one"
}

// Issue #66: after more labelling, Evaluate drew dev again over the grown pool
// and scored the model on documents it had trained on.
TEST_CASE(
    "dev evaluator: a model is scored on the dev documents its run held out, however the "
    "project grows") {
  Fixture f;
  for (int i = 0; i < 40; ++i)
    f.add("doc " + std::to_string(i) + " words", DocStatus::Accepted, {{0, 3, "A"}});
  train::DataSettings settings;  // a seeded 20% draw
  const train::TrainingData data = train::TrainingData::load(*f.project, settings);
  REQUIRE(data.devDocumentIds.size() == 8);
  const int64_t run = f.project->runs().startRun("", "cpu");
  f.project->runs().setDevDocuments(run, data.devDocumentIds);
  f.project->runs().finishRun(run, store::RunState::Finished, f.modelId);
  CHECK(f.project->runs().devDocuments(run) == data.devDocumentIds);
  CHECK(f.project->runs().runOfModel(f.modelId) == run);

  const auto model = lengthModel();
  const auto dev = [&](const active::DevEvaluation& e) {
    std::set<int64_t> ids;
    for (const auto& x : e.examples) ids.insert(x.documentId);
    return ids;
  };
  const auto before =
      active::DevEvaluator::run(*f.project, *model, settings, 1, nullptr, f.modelId);
  CHECK(before.fromRun);
  CHECK(before.documents == 8);
  // Five more accepted documents, one more after that: the run's dev set stays.
  for (int i = 0; i < 6; ++i)
    f.add("new " + std::to_string(i) + " words", DocStatus::Accepted, {{0, 3, "A"}});
  const auto after = active::DevEvaluator::run(*f.project, *model, settings, 1, nullptr, f.modelId);
  CHECK(after.documents == 8);
  CHECK(dev(after) == dev(before));
  CHECK(dev(after) == std::set<int64_t>(data.devDocumentIds.begin(), data.devDocumentIds.end()));
  // Training on the grown project now keeps all but at most a few of the old
  // dev documents in dev, and none of the old training documents moves there
  // but those at the border (a draw by position moved most of them).
  const train::TrainingData grown = train::TrainingData::load(*f.project, settings);
  int kept = 0;
  for (int64_t id : data.devDocumentIds)
    kept += std::count(grown.devDocumentIds.begin(), grown.devDocumentIds.end(), id) > 0;
  CHECK(kept >= 7);
  // A model whose run kept none (trained before schema 7): the draw, said so.
  const auto drawn = active::DevEvaluator::run(*f.project, *model, settings);
  CHECK_FALSE(drawn.fromRun);
  CHECK(drawn.documents == 9);  // round(0.2 x 46)
}
