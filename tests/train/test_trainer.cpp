#include "model/featurizer.h"
#include "model/nermodel.h"
#include "recordingobserver.h"
#include "slurp.h"
#include "tempdir.h"
#include "train/eval/evaluator.h"
#include "train/package/modelpackage.h"
#include "train/trainer.h"
#include "train/trainingerror.h"
#include "traintestdata.h"

#include "catchapi.h"

#include <atomic>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

using namespace spanforge::train;
using namespace spanforge::train::testing;
using spanforge::testing::TempDir;
namespace fs = std::filesystem;

using spanforge::testing::slurp;

namespace {

Corpus train200() { return head(demoTrain(), 200); }
Corpus dev100() { return head(demoDev(), 100); }

}  // namespace

TEST_CASE("trainer: a short run emits events in order and writes a package that scores the same") {
  TempDir dir;
  const std::string out = dir.file("model");
  RecordingObserver obs;
  TrainerOptions options;
  options.observer = &obs;
  TrainConfig config = tinyConfig();
  config.training.maxSteps = 35;  // evaluations at 10, 20, 30 and a final one at 35
  Trainer trainer(config, train200(), dev100(), out, options);
  const FinishedEvent done = trainer.run();
  INFO(done.message);
  REQUIRE(done.reason == FinishReason::MaxSteps);
  CHECK(trainer.failure() == FailureKind::None);
  CHECK(done.steps == 35);
  CHECK(done.modelPath == out);

  // step 1..10, eval, ..., step 31..35, eval, finished
  REQUIRE(obs.events.size() == 35 + 4 + 1);
  CHECK(std::holds_alternative<FinishedEvent>(obs.events.back()));
  int64_t step = 0;
  for (const auto& e : obs.events) {
    if (const auto* s = std::get_if<StepEvent>(&e)) {
      CHECK(s->step == ++step);
      CHECK(s->loss > 0);
      CHECK(s->batchWords > 0);
      CHECK(s->wordsPerSecond > 0);
      CHECK(s->learningRate == Approx(0.005));
      CHECK(s->progress == Approx(static_cast<double>(s->step) / 35));
      CHECK(s->memory.currentBytes > 0);
    } else if (const auto* v = std::get_if<EvaluationEvent>(&e)) {
      CHECK((v->step % 10 == 0 || v->step == 35));
      CHECK(v->step == step);
      CHECK(v->scores.overall.support == dev100().entities());
    }
  }
  const auto evals = obs.all<EvaluationEvent>();
  CHECK(evals.front().improved);  // the first evaluation is always the best so far
  const auto losses = obs.losses();
  CHECK(losses.back() < losses.front());

  // The best evaluation is the model written, and it scores exactly the same.
  double best = -1;
  for (const auto& v : evals) best = std::max(best, v.scores.overall.f1);
  CHECK(done.best.overall.f1 == best);
  const ModelPackage package = ModelPackage::load(out);
  CHECK(package.info().devF1 == best);
  CHECK(package.info().steps == 35);
  CHECK(package.info().trainSentences == 200);
  CHECK(package.config() == config);
  const EvaluationResult r = Evaluator::run(dev100(), package.model());
  CHECK(r.report.overall.f1 == best);
  CHECK(r.report.overall.predicted == done.best.overall.predicted);
  CHECK(r.report.overall.correct == done.best.overall.correct);
}

TEST_CASE("trainer: the same seed gives the same losses on the CPU") {
  TempDir dir;
  TrainConfig config = tinyConfig();
  config.training.maxSteps = 12;
  std::vector<double> losses[3];
  for (int run = 0; run < 3; ++run) {
    if (run == 2) config.training.seed = 2;
    RecordingObserver obs;
    TrainerOptions options;
    options.observer = &obs;
    Trainer(config, train200(), dev100(), dir.file("m" + std::to_string(run)), options).run();
    losses[run] = obs.losses();
    REQUIRE(losses[run].size() == 12);
  }
  CHECK(losses[0] == losses[1]);
  CHECK(losses[0] != losses[2]);
}

TEST_CASE("trainer: more patience only extends the same run (the accurate preset)") {
  TempDir dir;
  TrainConfig config = tinyConfig();
  config.training.maxSteps = 150;
  std::vector<EvaluationEvent> evals[2];
  const int64_t patience[2] = {1, 4};
  for (int run = 0; run < 2; ++run) {
    config.training.patience = patience[run];
    RecordingObserver obs;
    TrainerOptions options;
    options.observer = &obs;
    Trainer(config, train200(), dev100(), dir.file("m" + std::to_string(run)), options).run();
    evals[run] = obs.all<EvaluationEvent>();
  }
  INFO("evaluations: " << evals[0].size() << " vs " << evals[1].size());
  REQUIRE(evals[0].size() < evals[1].size());  // the impatient run stopped early
  for (size_t i = 0; i < evals[0].size(); ++i) {
    CHECK(evals[0][i].trainLoss == evals[1][i].trainLoss);
    CHECK(evals[0][i].bestF1 == evals[1][i].bestF1);
  }
  CHECK(evals[1].back().bestF1 >= evals[0].back().bestF1);
}

TEST_CASE("trainer: cancellation keeps the best model so far") {
  TempDir dir;
  std::atomic<bool> cancel{false};
  RecordingObserver obs;
  obs.afterEvaluation = [&](const EvaluationEvent& e) {
    if (e.step == 20) cancel = true;
  };
  TrainerOptions options;
  options.observer = &obs;
  options.cancel = &cancel;
  const FinishedEvent done =
      Trainer(tinyConfig(), train200(), dev100(), dir.file("model"), options).run();
  CHECK(done.reason == FinishReason::Cancelled);
  CHECK(done.steps == 20);  // checked before the next batch
  CHECK(obs.all<EvaluationEvent>().size() == 2);
  const ModelPackage package = ModelPackage::load(dir.file("model"));
  CHECK(package.info().devF1 == done.best.overall.f1);
  CHECK(package.info().finishReason == "cancelled");

  // Cancelled before any evaluation: nothing is written.
  cancel = true;
  const FinishedEvent early =
      Trainer(tinyConfig(), train200(), dev100(), dir.file("none"), options).run();
  CHECK(early.reason == FinishReason::Cancelled);
  CHECK(early.modelPath.empty());
  CHECK_FALSE(fs::exists(dir.file("none")));
}

TEST_CASE("trainer: a NaN loss fails clearly and leaves the previous package untouched") {
  TempDir dir;
  const std::string out = dir.file("model");
  TrainConfig config = tinyConfig();
  config.training.maxSteps = 10;
  REQUIRE(Trainer(config, train200(), dev100(), out).run().reason == FinishReason::MaxSteps);
  const std::string meta = slurp(out + "/meta.json");
  const std::string weights = slurp(out + "/weights.safetensors");

  config.training.maxSteps = 40;
  TrainerOptions options;
  RecordingObserver obs;
  options.observer = &obs;
  options.poisonLoss = [](int64_t step) { return step == 15; };  // after a best model exists
  Trainer trainer(config, train200(), dev100(), out, options);
  const FinishedEvent done = trainer.run();
  CHECK(done.reason == FinishReason::Failed);
  CHECK(trainer.failure() == FailureKind::Diverged);
  CHECK(done.message.find("NaN at step 15") != std::string::npos);
  CHECK(done.message.find("learning_rate") != std::string::npos);
  CHECK(done.modelPath.empty());
  CHECK(std::holds_alternative<FinishedEvent>(obs.events.back()));
  CHECK(slurp(out + "/meta.json") == meta);
  CHECK(slurp(out + "/weights.safetensors") == weights);
  int entries = 0;  // no temporary siblings left behind
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir.path())) ++entries;
  CHECK(entries == 1);
}

TEST_CASE("trainer: bad data ends with a clear message") {
  TempDir dir;
  const TrainConfig config = tinyConfig();
  auto failWith = [&](const Corpus& train, const Corpus& dev, const std::string& text) {
    INFO(text);
    CHECK_THROWS_WITH(Trainer::validateData(config, train, dev), ContainsSubstring(text));
    RecordingObserver obs;
    TrainerOptions options;
    options.observer = &obs;
    Trainer trainer(config, train, dev, dir.file("m"), options);
    const FinishedEvent done = trainer.run();
    CHECK(done.reason == FinishReason::Failed);
    CHECK(trainer.failure() == FailureKind::Data);
    CHECK(done.message.find(text) != std::string::npos);
    CHECK(obs.events.size() == 1);
    CHECK_FALSE(fs::exists(dir.file("m")));
  };
  failWith(Corpus(), dev100(), "no training data");
  failWith(head(demoTrain(), 5), dev100(), "only 5 training sentence(s); at least 10");
  failWith(onlyLabels(train200(), {}), dev100(), "no entity spans");
  failWith(train200(), Corpus(), "no dev data");
  failWith(train200(), onlyLabels(dev100(), {}), "dev data has no entity spans");
  CHECK_NOTHROW(Trainer::validateData(config, onlyLabels(train200(), {"person"}), dev100()));
}

TEST_CASE("trainer: resume-from keeps the package's labels and adds new ones") {
  TempDir dir;
  TrainConfig config = tinyConfig();
  config.training.maxSteps = 20;
  const Corpus people = onlyLabels(train200(), {"person", "location"});
  REQUIRE(Trainer(config, people, dev100(), dir.file("a")).run().reason == FinishReason::MaxSteps);
  const auto first = ModelPackage::load(dir.file("a"));
  CHECK(first.info().labels == std::vector<std::string>{"location", "person"});

  // Resuming ignores a different [model] section: the package fixes the architecture.
  TrainConfig other = config;
  other.model.hidden = 16;
  TrainerOptions options;
  options.resumeFrom = dir.file("a");
  Trainer trainer(other, onlyLabels(head(demoTrain(), 200, 200), {"person", "product"}), dev100(),
                  dir.file("b"), options);
  const FinishedEvent done = trainer.run();
  INFO(done.message);
  REQUIRE(done.reason == FinishReason::MaxSteps);
  CHECK(trainer.config().model.hidden == config.model.hidden);
  const auto second = ModelPackage::load(dir.file("b"));
  CHECK(second.info().labels == std::vector<std::string>{"location", "person", "product"});
  CHECK(second.info().resumedFrom == dir.file("a"));
}

TEST_CASE("trainer: the package knows the training words, and a resumed run adds its own") {
  TempDir dir;
  TrainConfig config = tinyConfig();
  config.training.maxSteps = 10;
  const Corpus first = head(demoTrain(), 50);
  REQUIRE(Trainer(config, first, dev100(), dir.file("a")).run().reason == FinishReason::MaxSteps);
  std::set<std::string> words;
  for (const auto& e : first.examples())
    for (const auto& t : e.tokens) words.insert(spanforge::model::Featurizer::norm(t));
  const auto a = ModelPackage::load(dir.file("a"));
  CHECK(a.info().knownWords == static_cast<int64_t>(words.size()));

  TrainerOptions options;
  options.resumeFrom = dir.file("a");
  const Corpus second = head(demoTrain(), 50, 50);
  REQUIRE(Trainer(config, second, dev100(), dir.file("b"), options).run().reason ==
          FinishReason::MaxSteps);
  for (const auto& e : second.examples())
    for (const auto& t : e.tokens) words.insert(spanforge::model::Featurizer::norm(t));
  CHECK(ModelPackage::load(dir.file("b")).info().knownWords == static_cast<int64_t>(words.size()));

  // Off: no word list, every word hashed.
  config.model.unknownWords = false;
  REQUIRE(Trainer(config, first, dev100(), dir.file("c")).run().reason == FinishReason::MaxSteps);
  const auto c = ModelPackage::load(dir.file("c"));
  CHECK(c.info().knownWords == 0);
  CHECK(c.model().knownWords() == nullptr);
  CHECK_FALSE(fs::exists(dir.file("c") + "/known_words.txt"));
}
