// First, so that Catch's CHECK replaces glog's (see torchcatch.h).
#include "torchcatch.h"

#include "model/nermodel.h"
#include "parameterfill.h"
#include "recordingobserver.h"
#include "tempdir.h"
#include "train/eval/evaluator.h"
#include "train/package/modelpackage.h"
#include "train/parameteraverage.h"
#include "train/trainer.h"
#include "traintestdata.h"

using namespace spanforge::train;
using namespace spanforge::train::testing;

TEST_CASE("parameter average: ramped decay, capped, and swap is its own inverse") {
  spanforge::model::NerModel m(tinyConfig().model, {"PER"});
  ParameterAverage average(0.99);
  average.swap();  // nothing averaged yet: a no-op
  fillParameters(m, 0.0);
  average.update(m);  // the first update is the starting point
  fillParameters(m, 1.0);
  average.update(m);  // decay min(0.99, 2/11): 0 * 2/11 + 1 * 9/11
  CHECK(average.updates() == 2);
  average.swap();
  CHECK(allParametersAre(m, 9.0 / 11.0));
  average.swap();
  CHECK(allParametersAre(m, 1.0));

  // A low cap wins over the ramp: min(0.1, (1 + t) / (10 + t)) = 0.1.
  ParameterAverage capped(0.1);
  fillParameters(m, 0.0);
  capped.update(m);
  for (int i = 0; i < 30; ++i) capped.update(m);
  fillParameters(m, 1.0);
  capped.update(m);
  capped.swap();
  CHECK(allParametersAre(m, 0.9));
}

TEST_CASE("parameter average: a parameter made trainable later joins at its value then") {
  spanforge::model::NerModel m(tinyConfig().model, {"PER"});
  torch::Tensor late = m.module().parameters().front();
  late.set_requires_grad(false);  // as frozen vectors, until unfrozen
  ParameterAverage average(0.99);
  fillParameters(m, 0.0);
  average.update(m);  // without `late`
  fillParameters(m, 1.0);
  late.set_requires_grad(true);
  average.adoptNewlyTrainable(m);  // `late` joins at 1
  fillParameters(m, 2.0);
  average.update(m);  // decay 2/11: the others 0 -> 18/11, `late` 1 -> 20/11
  late.set_requires_grad(false);
  average.swap();
  CHECK(allParametersAre(m, 18.0 / 11.0));
  CHECK(torch::allclose(late, torch::full_like(late, 20.0 / 11.0), 1e-6, 1e-6));
}

TEST_CASE("trainer: with param_average the averaged weights are evaluated and written") {
  spanforge::testing::TempDir dir;
  const std::string out = dir.file("model");
  RecordingObserver obs;
  TrainerOptions options;
  options.observer = &obs;
  TrainConfig config = tinyConfig();
  config.training.paramAverage = 0.9;
  config.training.learningRate = 0.2;  // enough to find some entities in 40 steps
  const Corpus dev = head(demoDev(), 100);
  Trainer trainer(config, head(demoTrain(), 200), dev, out, options);
  const FinishedEvent done = trainer.run();
  INFO(done.message);
  REQUIRE(done.reason == FinishReason::MaxSteps);
  // The package scores exactly what the trainer reported for the best step,
  // so the weights written are the averaged ones that were evaluated.
  const ModelPackage package = ModelPackage::load(out);
  CHECK(package.config().training.paramAverage == 0.9);
  REQUIRE(done.best.overall.correct > 0);
  const EvaluationResult r = Evaluator::run(dev, package.model());
  CHECK(r.report.overall.f1 == done.best.overall.f1);
  CHECK(r.report.overall.predicted == done.best.overall.predicted);
  CHECK(r.report.overall.correct == done.best.overall.correct);

  // Training went on from the live weights, not the average: a run without
  // averaging has the same losses.
  TrainConfig plain = config;
  plain.training.paramAverage = 0.0;
  RecordingObserver plainObs;
  TrainerOptions plainOptions;
  plainOptions.observer = &plainObs;
  Trainer(plain, head(demoTrain(), 200), dev, dir.file("plain"), plainOptions).run();
  CHECK(obs.losses() == plainObs.losses());
}
