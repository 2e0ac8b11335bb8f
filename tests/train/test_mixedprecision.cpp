// training.mixed_precision: bf16 autocast around the forward pass, the CRF,
// weights and gradients in fp32; fp16 (CUDA only) with loss scaling.
// First, so that Catch's CHECK replaces glog's (see torchcatch.h).
#include "torchcatch.h"

#include "featurized.h"
#include "model/nermodel.h"
#include "recordingobserver.h"
#include "tempdir.h"
#include "torchcompat/autocaststate.h"
#include "train/batchgradient.h"
#include "train/config/configerror.h"
#include "train/config/tomlconfig.h"
#include "train/device/autocastscope.h"
#include "train/eval/evaluator.h"
#include "train/package/modelpackage.h"
#include "train/trainer.h"
#include "traintestdata.h"

#include <torch/torch.h>

#include <cmath>
#include <filesystem>

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
  CHECK(AutocastScope::supported("fp16"));
  CHECK_FALSE(AutocastScope::supported("fp8"));
}

TEST_CASE(
    "AutocastScope: fp16 sets CUDA autocast to float16 and restores it, does nothing on CPU") {
  // Autocast state is thread-local flags, so the CUDA side is visible without a GPU.
  using spanforge::torchcompat::AutocastDevice;
  using spanforge::torchcompat::autocastDtype;
  using spanforge::torchcompat::autocastEnabled;
  const auto half = static_cast<int8_t>(at::kHalf);
  const bool wasEnabled = autocastEnabled(AutocastDevice::Cuda);
  const auto wasType = autocastDtype(AutocastDevice::Cuda);
  {
    const AutocastScope amp("cuda:0", "fp16");
    CHECK(autocastEnabled(AutocastDevice::Cuda));
    CHECK(autocastDtype(AutocastDevice::Cuda) == half);
    CHECK_FALSE(autocastEnabled(AutocastDevice::Cpu));
  }
  CHECK(autocastEnabled(AutocastDevice::Cuda) == wasEnabled);
  CHECK(autocastDtype(AutocastDevice::Cuda) == wasType);
  {
    const AutocastScope amp("cpu", "fp16");  // CPU autocast has no float16 in libtorch 1.13
    CHECK_FALSE(autocastEnabled(AutocastDevice::Cpu));
    CHECK(torch::matmul(torch::rand({2, 3}), torch::rand({3, 2})).scalar_type() == torch::kFloat);
  }
}

TEST_CASE(
    "BatchGradient: fp16 back-propagates the scaled loss and unscale() restores the gradient") {
  TrainConfig config = tinyConfig();
  config.model.dropout = 0.0;
  config.model.wordDropout = 0.0;
  const Corpus train = head(demoTrain(), 8);
  torch::manual_seed(1);
  Featurized data(config, train);
  auto& model = data.model;
  model.setTraining(true);
  const std::vector<std::vector<size_t>> batches{{0, 1, 2, 3}, {4, 5, 6, 7}};
  std::vector<torch::Tensor> params;
  for (const auto& p : model.module().parameters())
    if (p.requires_grad()) params.push_back(p);
  // Each mode's gradient as add() leaves it and after unscale(), and its loss.
  auto run = [&](const std::string& mode, std::vector<torch::Tensor>* scaled,
                 std::vector<torch::Tensor>* grads) {
    for (auto& p : params) p.mutable_grad() = torch::Tensor();
    BatchGradient gradient(model, data.features, data.tags, "cpu", mode);
    const BatchGradient::Result r = gradient.add(batches, 0.5, false);
    for (auto& p : params) scaled->push_back(p.grad().clone());
    CHECK(gradient.unscale());
    for (auto& p : params) grads->push_back(p.grad().clone());
    return r.loss;
  };
  std::vector<torch::Tensor> offScaled, off, fp16Scaled, fp16;
  const double offLoss = run("off", &offScaled, &off);
  const double fp16Loss = run("fp16", &fp16Scaled, &fp16);  // fp32 arithmetic on the CPU
  CHECK(fp16Loss == Approx(offLoss));                       // the loss reported is not scaled
  REQUIRE(fp16.size() == off.size());
  for (size_t i = 0; i < off.size(); ++i) {
    CHECK(torch::allclose(fp16Scaled[i], off[i] * 65536.0, 1e-4, 1e-3));
    CHECK(torch::allclose(fp16[i], off[i], 1e-4, 1e-8));
  }
}

TEST_CASE("mixed_precision = fp16 is accepted, and a CPU run refuses it naming the key") {
  CHECK(fromToml("[training]\nmixed_precision = \"fp16\"\n", "c.toml").training.mixedPrecision ==
        "fp16");
  TempDir dir;
  TrainConfig config = tinyConfig();
  config.device.device = "cpu";
  config.training.mixedPrecision = "fp16";
  RecordingObserver obs;
  TrainerOptions options;
  options.observer = &obs;
  const std::string out = dir.file("m");
  Trainer trainer(config, head(demoTrain(), 50), head(demoDev(), 20), out, options);
  const FinishedEvent done = trainer.run();
  INFO(done.message);
  CHECK(done.reason == FinishReason::Failed);
  CHECK(trainer.failure() == FailureKind::Config);
  CHECK_THAT(done.message, ContainsSubstring("training.mixed_precision") &&
                               ContainsSubstring("fp16") && ContainsSubstring("CUDA") &&
                               ContainsSubstring("bf16"));
  CHECK(done.steps == 0);
  CHECK_FALSE(std::filesystem::exists(out));
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
    fromToml("[training]\nmixed_precision = \"fp8\"\n", "c.toml");
    FAIL("fp8 was accepted");
  } catch (const ConfigError& e) {
    const std::string what = e.what();
    CHECK(what.find("mixed_precision") != std::string::npos);
    CHECK(what.find("bf16") != std::string::npos);
    CHECK(what.find("fp16") != std::string::npos);
  }
}
