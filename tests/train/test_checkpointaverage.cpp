// First, so that Catch's CHECK replaces glog's (see torchcatch.h).
#include "torchcatch.h"

#include "model/nermodel.h"
#include "parameterfill.h"
#include "recordingobserver.h"
#include "tempdir.h"
#include "train/checkpointaverage.h"
#include "train/eval/evaluator.h"
#include "train/package/modelpackage.h"
#include "train/trainer.h"
#include "traintestdata.h"

using namespace spanforge::train;
using namespace spanforge::train::testing;

TEST_CASE("checkpoint average: the mean of the best checkpoint and the ones just before it") {
  spanforge::model::NerModel m(tinyConfig().model, {"LOC"});
  CheckpointAverage average(2);
  fillParameters(m, 1.0);
  average.add(m, true);
  CHECK(average.averaged() == 0);  // one checkpoint: nothing to average
  fillParameters(m, 3.0);
  average.add(m, true);
  CHECK(average.averaged() == 2);
  fillParameters(m, 10.0);
  average.add(m, false);  // after the best: not in its mean
  fillParameters(m, 0.0);
  average.load(m);
  CHECK(allParametersAre(m, 2.0));
  fillParameters(m, 5.0);
  average.add(m, true);  // the last two: 10 and 5
  average.load(m);
  CHECK(allParametersAre(m, 7.5));
  CHECK_THROWS_AS(CheckpointAverage(1), std::invalid_argument);
}

TEST_CASE("trainer: checkpoint_average keeps the mean only when dev says it is as good") {
  spanforge::testing::TempDir dir;
  TrainConfig config = tinyConfig();
  config.training.learningRate = 0.2;  // enough to find some entities in 40 steps
  config.training.checkpointAverage = 3;
  const Corpus dev = head(demoDev(), 100);
  RecordingObserver obs;
  TrainerOptions options;
  options.observer = &obs;
  const FinishedEvent done =
      Trainer(config, head(demoTrain(), 200), dev, dir.file("model"), options).run();
  INFO(done.message);
  REQUIRE(done.reason == FinishReason::MaxSteps);
  CHECK(done.message.find("mean of 3 checkpoints up to the best: dev F1 ") != std::string::npos);
  // What was written scores exactly what the run reports as its best.
  const ModelPackage package = ModelPackage::load(dir.file("model"));
  CHECK(package.config().training.checkpointAverage == 3);
  const EvaluationResult r = Evaluator::run(dev, package.model());
  CHECK(r.report.overall.f1 == done.best.overall.f1);
  CHECK(r.report.overall.correct == done.best.overall.correct);
  // Never worse on dev than the best evaluation of the run.
  double bestEvaluated = 0.0;
  for (const auto& e : obs.all<EvaluationEvent>())
    bestEvaluated = std::max(bestEvaluated, e.scores.overall.f1);
  CHECK(done.best.overall.f1 >= bestEvaluated);

  // Training itself is unchanged: the same losses as without.
  config.training.checkpointAverage = 0;
  RecordingObserver plainObs;
  TrainerOptions plainOptions;
  plainOptions.observer = &plainObs;
  Trainer(config, head(demoTrain(), 200), dev, dir.file("plain"), plainOptions).run();
  CHECK(obs.losses() == plainObs.losses());
}
