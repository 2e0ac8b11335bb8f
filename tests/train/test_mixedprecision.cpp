// training.mixed_precision: bf16 autocast around the forward pass, the CRF,
// weights and gradients in fp32.
// First, so that Catch's CHECK replaces glog's (see torchcatch.h).
#include "torchcatch.h"

#include "recordingobserver.h"
#include "tempdir.h"
#include "train/config/configerror.h"
#include "train/config/tomlconfig.h"
#include "train/device/autocastscope.h"
#include "train/eval/evaluator.h"
#include "train/package/modelpackage.h"
#include "train/trainer.h"
#include "traintestdata.h"

#include <torch/torch.h>

#include <cmath>

using namespace spanforge::train;
using namespace spanforge::train::testing;
using spanforge::testing::TempDir;

TEST_CASE("AutocastScope: bf16 matmuls inside, fp32 after, nothing when off") {
  const torch::Tensor a = torch::rand({4, 8});
  const torch::Tensor b = torch::rand({8, 3});
  {
    const AutocastScope amp("cpu", "bf16");
    CHECK(torch::matmul(a, b).scalar_type() == torch::kBFloat16);
    CHECK(a.scalar_type() == torch::kFloat);  // inputs are not touched
  }
  CHECK(torch::matmul(a, b).scalar_type() == torch::kFloat);
  {
    const AutocastScope off("cpu", "off");
    CHECK(torch::matmul(a, b).scalar_type() == torch::kFloat);
  }
  CHECK(AutocastScope::supported("bf16"));
  CHECK_FALSE(AutocastScope::supported("fp16"));
}

TEST_CASE(
    "mixed_precision = bf16 trains, keeps fp32 weights and a package that scores as reported") {
  TempDir dir;
  TrainConfig config = tinyConfig();
  config.training.maxSteps = 30;
  std::vector<double> losses[2];
  for (int run = 0; run < 2; ++run) {
    config.training.mixedPrecision = run == 0 ? "off" : "bf16";
    RecordingObserver obs;
    TrainerOptions options;
    options.observer = &obs;
    const std::string out = dir.file("m" + std::to_string(run));
    const Corpus dev = head(demoDev(), 100);
    const FinishedEvent done = Trainer(config, head(demoTrain(), 200), dev, out, options).run();
    INFO(done.message);
    REQUIRE(done.reason == FinishReason::MaxSteps);
    losses[run] = obs.losses();
    REQUIRE(losses[run].size() == 30);
    for (double l : losses[run]) CHECK(std::isfinite(l));
    const ModelPackage package = ModelPackage::load(out);
    CHECK(package.config().training.mixedPrecision == config.training.mixedPrecision);
    // Evaluation runs in fp32 on fp32 weights: the package scores what training reported.
    CHECK(Evaluator::run(dev, package.model()).report.overall.f1 == done.best.overall.f1);
  }
  // bf16 changed the arithmetic, but not what is learnt: the same start and
  // a falling loss.
  CHECK(losses[1] != losses[0]);
  CHECK(losses[1].front() == Approx(losses[0].front()).epsilon(0.02));
  CHECK(losses[1].back() < losses[1].front());
}

TEST_CASE("mixed_precision: an unknown mode is refused with the key and the choices") {
  try {
    fromToml("[training]\nmixed_precision = \"fp16\"\n", "c.toml");
    FAIL("fp16 was accepted");
  } catch (const ConfigError& e) {
    const std::string what = e.what();
    CHECK(what.find("mixed_precision") != std::string::npos);
    CHECK(what.find("bf16") != std::string::npos);
  }
}
