// training.batch_size = "auto": BatchSizeProbe's measurements and choice, and
// a run that probes trains exactly as one given the chosen size.
// First, so that Catch's CHECK replaces glog's (see torchcatch.h).
#include "torchcatch.h"

#include "featurized.h"
#include "model/nermodel.h"
#include "recordingobserver.h"
#include "slurp.h"
#include "store/projectstore.h"
#include "store/runrepository.h"
#include "tempdir.h"
#include "train/batchsizeprobe.h"
#include "train/config/tomlconfig.h"
#include "train/device/computedevice.h"
#include "train/device/cudadevices.h"
#include "train/runrecorder.h"
#include "train/trainer.h"
#include "traintestdata.h"

#include <torch/torch.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <sstream>

using namespace spanforge;
using namespace spanforge::train;
using namespace spanforge::train::testing;
using spanforge::testing::TempDir;

using spanforge::testing::slurp;

namespace {

BatchSizeTrial trial(int64_t words, double wps, bool fits = true) {
  BatchSizeTrial t;
  t.words = words;
  t.wordsPerSecond = wps;
  t.memoryBytes = words << 10;
  t.fits = fits;
  return t;
}

}  // namespace

TEST_CASE("batch size probe: the CPU takes the smallest size near the best speed") {
  // 2048 is the fastest; 1024 is within 5% of it, so it wins (more updates).
  const std::vector<BatchSizeTrial> trials = {trial(256, 5000), trial(512, 6500), trial(1024, 7700),
                                              trial(2048, 8000), trial(4096, 6000)};
  CHECK(BatchSizeProbe::choose(trials, false) == 1024);
  // Memory stopped the growth: only the sizes that fit count.
  CHECK(BatchSizeProbe::choose({trial(256, 5000), trial(512, 9000, false)}, false) == 256);
  CHECK(BatchSizeProbe::choose({trial(256, 0, false)}, false) == 0);
  CHECK(BatchSizeProbe::choose({}, false) == 0);
}

TEST_CASE("batch size probe: CUDA backs off from the largest size that fit") {
  CHECK(BatchSizeProbe::choose({trial(256, 1), trial(512, 2), trial(1024, 0, false)}, true) ==
        409);  // 80% of 512
  // Never out of memory up to the cap: the largest, no margin needed.
  CHECK(BatchSizeProbe::choose({trial(256, 1), trial(512, 2)}, true) == 512);
}

TEST_CASE("batch size probe: measures doubling sizes and leaves weights and random state alone") {
  const TrainConfig config = tinyConfig();
  const Corpus train = head(demoTrain(), 200);
  torch::manual_seed(7);
  Featurized f(config, train);
  std::vector<torch::Tensor> before;
  for (const auto& p : f.model.module().parameters()) before.push_back(p.detach().clone());
  torch::manual_seed(3);
  const auto expectedDraw = torch::rand({4});
  torch::manual_seed(3);

  BatchSizeProbe::Limits limits;
  limits.secondsPerSize = 0.05;
  const BatchSizeEvent e =
      BatchSizeProbe(f.model, f.features, f.tags, "cpu", config.training).run(limits);

  CHECK(torch::equal(torch::rand({4}), expectedDraw));
  const auto params = f.model.module().parameters();
  for (size_t i = 0; i < params.size(); ++i) {
    CHECK(torch::equal(params[i], before[i]));
    CHECK(!params[i].grad().defined());
  }
  REQUIRE(!e.trials.empty());
  CHECK(e.trials.front().words == 256);
  for (size_t i = 1; i < e.trials.size(); ++i)
    CHECK(e.trials[i].words == 2 * e.trials[i - 1].words);
  for (const auto& t : e.trials) {
    CHECK(t.fits);
    CHECK(t.wordsPerSecond > 0);
    CHECK(t.memoryBytes > 0);
    CHECK(t.words <= std::max<int64_t>(256, train.words() / 2));
  }
  CHECK(e.words == BatchSizeProbe::choose(e.trials, false));
  // 3/4 of MemAvailable, which moves with the rest of the machine.
  CHECK(static_cast<double>(e.memoryLimitBytes) ==
        Approx(static_cast<double>(BatchSizeProbe::defaultMemoryLimit())).epsilon(0.1));
  CHECK(e.seconds > 0);
}

TEST_CASE("batch size probe: on a GPU the default limit is the GPU's memory, not the host's") {
  const int64_t host = BatchSizeProbe::defaultMemoryLimit("cpu");
  CHECK(host > 0);
  CHECK(BatchSizeProbe::defaultMemoryLimit() == Approx(host).epsilon(0.1));
  const auto gpus = CudaDevices::list();
  for (const std::string device : {"cuda", "cuda:0", "cuda:3"}) {
    INFO(device);
    const int index = ComputeDevice::cudaIndex(device);
    const auto it = std::find_if(gpus.begin(), gpus.end(),
                                 [&](const CudaDeviceInfo& d) { return d.index == index; });
    // Without that GPU only out-of-memory can end the probe: no host-memory figure applies.
    CHECK(BatchSizeProbe::defaultMemoryLimit(device) ==
          (it == gpus.end() ? std::numeric_limits<int64_t>::max() : it->totalBytes));
  }
}

TEST_CASE("batch size probe: a limit below the process's memory fits nothing") {
  const TrainConfig config = tinyConfig();
  Featurized f(config, head(demoTrain(), 100));
  BatchSizeProbe::Limits limits;
  limits.memoryBytes = 1 << 20;  // 1 MB: less than any process holds
  const BatchSizeEvent e =
      BatchSizeProbe(f.model, f.features, f.tags, "cpu", config.training).run(limits);
  CHECK(e.words == 0);
  REQUIRE(e.trials.size() == 1);
  CHECK(!e.trials[0].fits);
  CHECK(e.trials[0].memoryBytes > (1 << 20));
}

TEST_CASE("batch_size = auto: reports, stores and trains exactly like the size it chose") {
  TempDir dir;
  TrainConfig config = tinyConfig();
  config.training.batchSize = "auto";
  config.training.maxSteps = 6;
  config.training.evalFrequency = 6;
  const Corpus train = head(demoTrain(), 200);
  const Corpus dev = head(demoDev(), 50);
  auto project = store::ProjectStore::create(dir.file("p.spanforge"));
  RecordingObserver seen;
  RunRecorder recorder(project->runs(), config, "cpu", &seen);
  TrainerOptions options;
  options.observer = &recorder;
  Trainer trainer(config, train, dev, dir.file("auto"), options);
  const FinishedEvent done = trainer.run();
  INFO(done.message);
  REQUIRE(done.reason == FinishReason::MaxSteps);

  REQUIRE(seen.batchSizes.size() == 1);
  const int64_t chosen = seen.batchSizes[0].words;
  CHECK(chosen >= 256);
  CHECK(trainer.config().training.batchWords == chosen);
  // Stored with the run and the model: batch_words is the size chosen.
  const auto stored = fromToml(project->runs().run(recorder.runId())->configToml, "run");
  CHECK(stored.training.batchSize == "auto");
  CHECK(stored.training.batchWords == chosen);
  CHECK(fromToml(slurp(dir.file("auto") + "/config.toml"), "config.toml").training.batchWords ==
        chosen);

  // The probe leaves no trace: a fixed run of that size has the same losses.
  TrainConfig fixed = config;
  fixed.training.batchSize = "fixed";
  fixed.training.batchWords = chosen;
  RecordingObserver plain;
  TrainerOptions o2;
  o2.observer = &plain;
  REQUIRE(Trainer(fixed, train, dev, dir.file("fixed"), o2).run().reason == FinishReason::MaxSteps);
  CHECK(plain.batchSizes.empty());
  CHECK(plain.losses() == seen.losses());
}

TEST_CASE("batch_size = auto: a memory limit nothing fits fails and names the key") {
  TempDir dir;
  TrainConfig config = tinyConfig();
  config.training.batchSize = "auto";
  config.training.memoryLimitMb = 1;
  Trainer trainer(config, head(demoTrain(), 100), head(demoDev(), 50), dir.file("m"));
  const FinishedEvent done = trainer.run();
  CHECK(done.reason == FinishReason::Failed);
  CHECK(trainer.failure() == FailureKind::OutOfMemory);
  CHECK(done.message.find("training.memory_limit_mb (1 MB)") != std::string::npos);
  CHECK(!std::filesystem::exists(dir.file("m")));
}

TEST_CASE("batch_size = auto_on_gpu: probes on a CUDA device only, trains as fixed on the CPU") {
  TrainingSettings s;
  s.batchSize = "auto_on_gpu";
  CHECK(BatchSizeProbe::wanted(s, "cuda"));
  CHECK(BatchSizeProbe::wanted(s, "cuda:1"));
  CHECK_FALSE(BatchSizeProbe::wanted(s, "cpu"));
  s.batchSize = "auto";
  CHECK(BatchSizeProbe::wanted(s, "cpu"));
  s.batchSize = "fixed";
  CHECK_FALSE(BatchSizeProbe::wanted(s, "cuda"));

  TempDir dir;
  TrainConfig config = tinyConfig();
  config.training.batchSize = "auto_on_gpu";
  config.training.batchWords = 300;
  config.training.maxSteps = 4;
  config.training.evalFrequency = 4;
  const Corpus train = head(demoTrain(), 100);
  const Corpus dev = head(demoDev(), 30);
  const auto losses = [&](const TrainConfig& c, const std::string& out) {
    RecordingObserver seen;
    TrainerOptions options;
    options.observer = &seen;
    Trainer trainer(c, train, dev, dir.file(out), options);
    REQUIRE(trainer.run().reason == FinishReason::MaxSteps);
    CHECK(seen.batchSizes.empty());
    CHECK(trainer.config().training.batchWords == 300);
    return seen.losses();
  };
  TrainConfig fixed = config;
  fixed.training.batchSize = "fixed";
  CHECK(losses(config, "gpu") == losses(fixed, "fixed"));
}

TEST_CASE("batch size event: JSON for --log-jsonl") {
  BatchSizeEvent e;
  e.words = 1024;
  e.memoryLimitBytes = 3 << 20;
  e.seconds = 2.5;
  e.trials = {trial(512, 900), trial(1024, 1000), trial(2048, 0, false)};
  nlohmann::json j;
  to_json(j, e);
  CHECK(j["event"] == "batch_size");
  CHECK(j["words"] == 1024);
  CHECK(j["memory_limit"] == 3 << 20);
  REQUIRE(j["trials"].size() == 3);
  CHECK(j["trials"][1]["words_per_second"] == 1000.0);
  CHECK(j["trials"][2]["fits"] == false);
}
