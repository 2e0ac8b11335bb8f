// On a GPU: bf16 and fp16 autocast train; fp16's loss scale halves and the
// step is refused when a gradient overflows (CUDA's fused AMP kernels).
// First, so that Catch's CHECK replaces glog's (see torchcatch.h).
#include "torchcatch.h"

#include "featurized.h"
#include "gpurequired.h"
#include "model/nermodel.h"
#include "recordingobserver.h"
#include "tempdir.h"
#include "train/batchgradient.h"
#include "train/eval/evaluator.h"
#include "train/package/modelpackage.h"
#include "train/trainer.h"
#include "traintestdata.h"

#include <torch/torch.h>

#include <cmath>
#include <limits>

using namespace spanforge::train;
using namespace spanforge::train::testing;
using spanforge::testing::requireGpu;
using spanforge::testing::TempDir;

namespace {

std::vector<double> trainLosses(const std::string& mode, const std::string& out) {
  TrainConfig config = tinyConfig();
  config.device.device = "cuda";
  config.training.maxSteps = 30;
  config.training.evalFrequency = 30;
  config.training.mixedPrecision = mode;
  RecordingObserver obs;
  TrainerOptions options;
  options.observer = &obs;
  const Corpus dev = head(demoDev(), 100);
  const FinishedEvent done = Trainer(config, head(demoTrain(), 200), dev, out, options).run();
  INFO(mode << ": " << done.message);
  REQUIRE(done.reason == FinishReason::MaxSteps);
  const auto losses = obs.losses();
  REQUIRE(losses.size() == 30);
  for (double l : losses) CHECK(std::isfinite(l));
  // Weights stay fp32, evaluation runs in fp32: the package, on the GPU,
  // scores what training reported (half a point: a tie may round either way).
  ModelPackage package = ModelPackage::load(out);
  CHECK(package.config().training.mixedPrecision == mode);
  package.model().setDevice("cuda");
  CHECK(Evaluator::run(dev, package.model()).report.overall.f1 ==
        Approx(done.best.overall.f1).margin(0.005));
  return losses;
}

}  // namespace

TEST_CASE("bf16 and fp16 autocast train like fp32 from the same start") {
  requireGpu();
  TempDir dir;
  const auto fp32 = trainLosses("off", dir.file("off"));
  for (const std::string mode : {"bf16", "fp16"}) {
    INFO(mode);
    const auto losses = trainLosses(mode, dir.file(mode));
    CHECK(losses != fp32);  // the arithmetic changed
    CHECK(losses.front() == Approx(fp32.front()).epsilon(0.02));
    CHECK(losses.back() < losses.front());  // and it learns
  }
}

TEST_CASE("fp16 overflow: the step is refused and the loss scale halves") {
  requireGpu();
  TrainConfig config = tinyConfig();
  const Corpus train = head(demoTrain(), 16);
  torch::manual_seed(1);
  Featurized data(config, train);
  auto& model = data.model;
  model.setDevice("cuda");
  model.setTraining(true);
  std::vector<torch::Tensor> params;
  for (const auto& p : model.module().parameters())
    if (p.requires_grad()) params.push_back(p);
  const std::vector<std::vector<size_t>> batches{{0, 1, 2, 3, 4, 5, 6, 7}};
  BatchGradient gradient(model, data.features, data.tags, "cuda", "fp16");
  CHECK(gradient.lossScale() == 65536.0);
  auto clear = [&] {
    for (auto& p : params) p.mutable_grad() = torch::Tensor();
  };
  auto someGradient = [&] {  // of the first parameter the batch reached
    for (auto& p : params)
      if (p.grad().defined()) return p.mutable_grad();
    FAIL("no parameter has a gradient");
    return torch::Tensor();
  };
  // Scaled by 2^16, the first steps may overflow fp16 on their own: each
  // such step is refused and halves the scale, until one comes through.
  bool clean = false;
  for (int step = 0; step < 24 && !clean; ++step) {
    clear();
    const double before = gradient.lossScale();
    REQUIRE(gradient.add(batches, 1.0, false).finite);
    REQUIRE(someGradient().is_cuda());
    clean = gradient.unscale();
    INFO("step " << step << ", scale " << before);
    CHECK(gradient.lossScale() == (clean ? before : before / 2));
  }
  REQUIRE(clean);

  // What an fp16 overflow in backward leaves: an inf in one gradient.
  clear();
  const double before = gradient.lossScale();
  gradient.add(batches, 1.0, false);
  someGradient().view({-1})[0].fill_(std::numeric_limits<float>::infinity());
  CHECK_FALSE(gradient.unscale());
  CHECK(gradient.lossScale() == before / 2);
}
