// On a GPU: batch_size = "auto" grows the batch until CUDA runs out of
// memory (the process capped at a share of the card) and trains with 80% of
// the largest that fitted.
// First, so that Catch's CHECK replaces glog's (see torchcatch.h).
#include "torchcatch.h"

#include "gpurequired.h"
#include "recordingobserver.h"
#include "tempdir.h"
#include "train/batchsizeprobe.h"
#include "train/config/transformerrecipe.h"
#include "train/device/cudadevices.h"
#include "train/trainer.h"
#include "traintestdata.h"
#include "transformerfolder.h"

#include <algorithm>

using namespace spanforge::train;
using namespace spanforge::train::testing;
using spanforge::testing::requireGpu;
using spanforge::testing::TempDir;

namespace {

// Lifts the cap again, whatever the test did.
struct MemoryCap {
  explicit MemoryCap(double fraction) { ComputeDevice::capMemory("cuda", fraction); }
  ~MemoryCap() { ComputeDevice::capMemory("cuda", 1.0); }
};

struct AutoRun {
  BatchSizeEvent probe;
  std::vector<StepEvent> steps;
};

// Three steps on the GPU from `config` (batch_size "auto" unless it says
// otherwise), whose probe must run once.
AutoRun trainAuto(const std::string& out, TrainConfig config = {}) {
  config.device.device = "cuda";
  if (config.training.batchSize == "fixed") config.training.batchSize = "auto";
  config.training.memoryLimitMb = 1 << 20;  // 1 TiB: only CUDA itself says no
  config.training.maxSteps = 3;
  config.training.evalFrequency = 3;
  RecordingObserver obs;
  TrainerOptions options;
  options.observer = &obs;
  const FinishedEvent done = Trainer(config, demoTrain(), head(demoDev(), 100), out, options).run();
  INFO(done.message);
  REQUIRE(done.reason == FinishReason::MaxSteps);
  REQUIRE(obs.batchSizes.size() == 1);
  return {obs.batchSizes.front(), obs.all<StepEvent>()};
}

}  // namespace

TEST_CASE("batch_size = auto probes by out-of-memory under a memory cap") {
  requireGpu();
  TempDir dir;
  const AutoRun free = trainAuto(dir.file("free"));
  REQUIRE(free.probe.trials.size() >= 3);
  for (const auto& t : free.probe.trials) CHECK(t.fits);  // nothing stops it on a whole card
  const int64_t largest = free.probe.trials.back().memoryBytes;
  REQUIRE(largest > 0);
  // Left at 0, memory_limit_mb means the card's memory, not the host's.
  CHECK(BatchSizeProbe::defaultMemoryLimit("cuda") == CudaDevices::list().front().totalBytes);

  // A third of what the largest batch took: the bigger sizes cannot fit.
  const int64_t total = CudaDevices::list().front().totalBytes;
  const MemoryCap cap(static_cast<double>(largest) / 3.0 / static_cast<double>(total));
  const AutoRun capped = trainAuto(dir.file("capped"));
  const auto& trials = capped.probe.trials;
  REQUIRE(trials.size() >= 2);
  CHECK(trials.front().fits);
  CHECK_FALSE(trials.back().fits);  // out of memory ended the probe
  int64_t fitted = 0;
  for (const auto& t : trials)
    if (t.fits) fitted = std::max(fitted, t.words);
  CHECK(capped.probe.words == fitted * 8 / 10);  // 80% of the largest that fitted
  CHECK(capped.probe.words < free.probe.words);
  WARN("auto chose " << free.probe.words << " words a batch on the whole card, "
                     << capped.probe.words << " under a cap of " << largest / 3 / (1 << 20)
                     << " MiB");
  for (const auto& s : capped.steps) CHECK(s.batchWords <= capped.probe.words + 200);
}

TEST_CASE("a transformer set up by its recipe trains on the GPU with the largest batch that fits") {
  requireGpu();
  TempDir dir;
  const std::string folder = writeTinyBert(dir.file("bert"));
  writeTinyBertWeights(folder);
  TrainConfig config;
  applyTransformerRecipe(config, folder);
  REQUIRE(config.training.batchSize == "auto_on_gpu");
  const BatchSizeEvent probe = trainAuto(dir.file("out"), config).probe;
  REQUIRE(probe.trials.size() >= 3);
  for (const auto& t : probe.trials) CHECK(t.fits);
  CHECK(probe.words == probe.trials.back().words);  // the largest tried, all of which fit
  WARN("a tiny BERT by the transformer recipe: " << probe.words << " subwords a batch");
}
