// On a GPU: the default model learns WNUT-17 as on the CPU, its package
// predicts the same on the CPU, and prefetching through page-locked memory
// changes nothing.
// First, so that Catch's CHECK replaces glog's (see torchcatch.h).
#include "torchcatch.h"

#include "gpurequired.h"
#include "packagecompare.h"
#include "recordingobserver.h"
#include "tempdir.h"
#include "train/package/modelpackage.h"
#include "train/trainer.h"
#include "traintestdata.h"

#include <ATen/Context.h>

#include <cmath>
#include <cstdlib>

using namespace spanforge::train;
using namespace spanforge::train::testing;
using spanforge::testing::requireGpu;
using spanforge::testing::TempDir;

namespace {

// The default model on all of WNUT-17's training set for a fixed number of
// epochs: the same updates on either device, so only the arithmetic differs.
FinishedEvent trainWnut(const std::string& device, int64_t seed, const std::string& out) {
  TrainConfig config;
  config.device.device = device;
  config.device.threads = 0;  // every core for the CPU runs
  config.training.seed = seed;
  config.training.maxSteps = 0;
  config.training.maxEpochs = 6;
  config.training.patience = 0;
  const FinishedEvent done = Trainer(config, demoTrain(), demoDev(), out, {}).run();
  INFO(device << " seed " << seed << ": " << done.message);
  REQUIRE(done.reason == FinishReason::MaxEpochs);
  return done;
}

std::vector<std::vector<std::string>> devSentences() {
  std::vector<std::vector<std::string>> out;
  for (const auto& e : demoDev().examples()) out.push_back(e.tokens);
  return out;
}

}  // namespace

TEST_CASE("WNUT-17 reaches the CPU's dev F1, and its package predicts the same on the CPU") {
  requireGpu();
  TempDir dir;
  // Three seeds each: after 6 epochs the best dev F1 of one seed moves by
  // 5 points or more on its own (26.3 and 20.5 for seeds 1 and 2 on a CPU).
  double gpu = 0.0, cpu = 0.0;
  for (int64_t seed : {1, 2, 3}) {
    const double g =
        trainWnut("cuda", seed, dir.file("gpu" + std::to_string(seed))).best.overall.f1;
    const double c = trainWnut("cpu", seed, dir.file("cpu" + std::to_string(seed))).best.overall.f1;
    WARN("seed " << seed << ": dev F1 " << 100 * g << " on the GPU, " << 100 * c << " on the CPU");
    gpu += g / 3;
    cpu += c / 3;
  }
  CHECK(cpu > 0.12);  // learnt enough for the comparison to mean something
  CHECK(std::abs(gpu - cpu) < 0.08);

  // The GPU-trained package, loaded as shipped (CPU) and moved to the GPU.
  ModelPackage onCpu = ModelPackage::load(dir.file("gpu1"));
  ModelPackage onGpu = ModelPackage::load(dir.file("gpu1"));
  REQUIRE(onCpu.model().device() == "cpu");
  onGpu.model().setDevice("cuda");
  const auto sentences = devSentences();
  const auto a = onCpu.model().predict(sentences);
  const auto b = onGpu.model().predict(sentences);
  REQUIRE(a.size() == b.size());
  size_t differ = 0;
  double worst = 0.0;
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i].tags != b[i].tags) {
      ++differ;  // a near tie decided the other way by rounding
      continue;
    }
    worst = std::max(worst, std::abs(a[i].bestPathProbability - b[i].bestPathProbability));
  }
  INFO(differ << " of " << a.size() << " sentences tagged differently; largest probability gap "
              << worst);
  CHECK(differ * 500 <= a.size());
  CHECK(worst < 1e-3);
}

TEST_CASE("prefetching through page-locked memory gives bit-identical training") {
  requireGpu();
  // Bit-for-bit needs CUDA's deterministic kernels; a non-deterministic one
  // warns (which the log then names) rather than throwing.
  setenv("CUBLAS_WORKSPACE_CONFIG", ":4096:8", 1);
  at::globalContext().setDeterministicCuDNN(true);
  at::globalContext().setBenchmarkCuDNN(false);
  at::globalContext().setDeterministicAlgorithms(true, /*warn_only=*/true);
  TempDir dir;
  TrainConfig config = tinyConfig();  // dropout and word dropout draw random numbers
  config.device.device = "cuda";
  config.training.accumulateGradient = 2;
  config.training.maxSteps = 9;  // into the second epoch, dropping what was prefetched beyond
  config.training.evalFrequency = 9;
  std::vector<StepEvent> steps[2];
  for (int on = 0; on < 2; ++on) {
    config.training.prefetch = on == 1;
    RecordingObserver obs;
    TrainerOptions options;
    options.observer = &obs;
    const FinishedEvent done = Trainer(config, head(demoTrain(), 200), head(demoDev(), 60),
                                       dir.file(on ? "on" : "off"), options)
                                   .run();
    INFO(done.message);
    REQUIRE(done.reason == FinishReason::MaxSteps);
    steps[on] = obs.all<StepEvent>();
    REQUIRE(steps[on].size() == 9);
  }
  for (size_t i = 0; i < 9; ++i) {
    INFO("step " << i + 1);
    CHECK(steps[1][i].loss == steps[0][i].loss);
    CHECK(steps[1][i].batchWords == steps[0][i].batchWords);
    CHECK(steps[1][i].dataWaitPercent >= 0.0);
  }
  CHECK(maxWeightDifference(dir.file("off"), dir.file("on")) == 0.0);
}
