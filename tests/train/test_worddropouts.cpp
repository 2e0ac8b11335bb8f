// Regularisers of training: singleton_dropout, char_dropout and lm_loss.
#include "model/batch.h"
#include "model/batchtensors.h"
#include "model/nermodel.h"
#include "recordingobserver.h"
#include "tempdir.h"
#include "train/data/singletonmarker.h"
#include "train/eval/evaluator.h"
#include "train/package/modelpackage.h"
#include "train/trainer.h"
#include "traintestdata.h"

#include "torchcatch.h"

#include <functional>

using namespace spanforge;
using namespace spanforge::train;
using namespace spanforge::train::testing;
using spanforge::testing::TempDir;

TEST_CASE("singletons: words seen once in the training data, by normalised form") {
  Corpus c;
  c.add(Example{{"Paris", "is", "big"}, {}});
  c.add(Example{{"PARIS", "was", "big", "."}, {}});
  c.add(Example{{"Lyon", "is", "."}, {}});
  model::NerModel m(tinyConfig().model, {"LOC"});
  std::vector<model::SentenceFeatures> f;
  for (const auto& e : c.examples()) f.push_back(m.featurize(e.tokens));
  SingletonMarker::mark(c, f);
  // "paris" x2 (case folded), "is" x2, "big" x2, "." x2; "was" and "lyon" once.
  CHECK(f[0].singletons == std::vector<uint8_t>{0, 0, 0});
  CHECK(f[1].singletons == std::vector<uint8_t>{0, 1, 0, 0});
  CHECK(f[2].singletons == std::vector<uint8_t>{1, 0, 0});

  model::Batch b;
  b.add(f[1]);
  b.add(f[2]);
  const model::BatchTensors t(b, tinyConfig().model.hashSeeds, false, "cpu");
  REQUIRE(t.singletons().defined());
  CHECK(t.singletons().sizes() == torch::IntArrayRef({2, 4}));
  CHECK(t.singletons()[0][1].item<bool>());
  CHECK(t.singletons()[1][0].item<bool>());
  CHECK(t.singletons().sum().item<int64_t>() == 2);
  // Features without marks (prediction): no tensor.
  model::Batch plain;
  plain.add(m.featurize({"Paris"}));
  CHECK_FALSE(model::BatchTensors(plain, tinyConfig().model.hashSeeds, false, "cpu")
                  .singletons()
                  .defined());
}

namespace {

// Step losses of three short runs: without the regulariser, then twice with
// it (`enable` switches it on for runs 1 and 2).
std::vector<std::vector<double>> threeRuns(TrainConfig config, size_t trainSentences,
                                           const std::function<void(TrainConfig&)>& enable) {
  TempDir dir;
  std::vector<std::vector<double>> losses;
  for (int run = 0; run < 3; ++run) {
    if (run == 1) enable(config);
    RecordingObserver obs;
    TrainerOptions options;
    options.observer = &obs;
    const auto done = Trainer(config, head(demoTrain(), trainSentences), head(demoDev(), 40),
                              dir.file("m" + std::to_string(run)), options)
                          .run();
    REQUIRE(done.reason == FinishReason::MaxSteps);
    losses.push_back(obs.losses());
  }
  return losses;
}

}  // namespace

TEST_CASE("singleton_dropout trains, and changes training only through the singletons") {
  TrainConfig config = tinyConfig();
  config.training.maxSteps = 8;
  const auto losses =
      threeRuns(config, 200, [](TrainConfig& c) { c.model.singletonDropout = 0.5; });
  CHECK(losses[1] != losses[0]);  // singletons were hidden
  CHECK(losses[1] == losses[2]);  // reproducible
}

TEST_CASE("char_dropout trains, differs from none and repeats with the seed") {
  for (const char* encoder : {"cnn", "bilstm"}) {
    INFO(encoder);
    TrainConfig config = tinyConfig();
    config.model.charEncoder = encoder;
    config.training.maxSteps = 6;
    const auto losses = threeRuns(config, 150, [](TrainConfig& c) { c.model.charDropout = 0.3; });
    CHECK(losses[1] != losses[0]);
    CHECK(losses[1] == losses[2]);
  }
}

TEST_CASE("lm_loss trains, differs from none and repeats with the seed") {
  TrainConfig config = tinyConfig();
  config.training.maxSteps = 6;
  const auto losses = threeRuns(config, 150, [](TrainConfig& c) { c.model.lmLoss = 0.1; });
  CHECK(losses[1] != losses[0]);
  CHECK(losses[1] == losses[2]);
  // The step loss includes the auxiliary term: above the run without it at the start.
  CHECK(losses[1].front() > losses[0].front());
}

TEST_CASE("a model trained with lm_loss is saved with its head, loads and predicts") {
  TempDir dir;
  TrainConfig config = tinyConfig();
  config.model.lmLoss = 0.1;
  config.training.maxSteps = 10;
  const auto done =
      Trainer(config, head(demoTrain(), 150), head(demoDev(), 40), dir.file("m")).run();
  REQUIRE(done.reason == FinishReason::MaxSteps);
  const ModelPackage package = ModelPackage::load(dir.file("m"));
  CHECK(package.config().model.lmLoss == 0.1);
  const EvaluationResult r = Evaluator::run(head(demoDev(), 40), package.model());
  CHECK(r.report.overall.f1 == done.best.overall.f1);
}
