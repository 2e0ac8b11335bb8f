// On a GPU: "auto" picks it, and the step events of a run on it carry the
// CUDA allocator's memory and NVML's utilisation and memory.
// First, so that Catch's CHECK replaces glog's (see torchcatch.h).
#include "torchcatch.h"

#include "gpurequired.h"
#include "recordingobserver.h"
#include "tempdir.h"
#include "train/device/cudadevices.h"
#include "train/trainer.h"
#include "traintestdata.h"

#include <nlohmann/json.hpp>

using namespace spanforge::train;
using namespace spanforge::train::testing;
using spanforge::testing::requireGpu;
using spanforge::testing::TempDir;

TEST_CASE("auto picks the GPU, which the device list names with its memory") {
  requireGpu();
  CHECK(ComputeDevice::resolve("auto") == "cuda");
  CHECK(ComputeDevice::cudaProblem().empty());
  CHECK_NOTHROW(ComputeDevice::require("cuda:0"));
  const auto gpus = CudaDevices::list();
  REQUIRE_FALSE(gpus.empty());
  INFO(gpus.front().name);
  CHECK(gpus.front().device() == "cuda:0");
  CHECK(gpus.front().totalBytes > (int64_t{1} << 30));
  CHECK_FALSE(gpus.front().name.empty());
  CHECK_THROWS_WITH(ComputeDevice::require("cuda:" + std::to_string(gpus.size())),
                    ContainsSubstring("no CUDA device"));
}

TEST_CASE("a run on auto trains on the GPU, and its steps carry CUDA and NVML figures") {
  requireGpu();
  TempDir dir;
  TrainConfig config = tinyConfig();
  config.device.device = "auto";
  config.training.maxSteps = 20;
  config.training.evalFrequency = 20;
  RecordingObserver obs;
  TrainerOptions options;
  options.observer = &obs;
  const FinishedEvent done =
      Trainer(config, head(demoTrain(), 300), head(demoDev(), 60), dir.file("m"), options).run();
  INFO(done.message);
  REQUIRE(done.reason == FinishReason::MaxSteps);
  const auto steps = obs.all<StepEvent>();
  REQUIRE(steps.size() == 20);
  int withGpu = 0;
  for (const auto& s : steps) {
    CHECK(s.memory.kind == MemoryKind::Cuda);
    CHECK(s.memory.currentBytes > 0);
    CHECK(s.memory.peakBytes >= s.memory.currentBytes);
    CHECK(s.memory.reservedBytes >= s.memory.currentBytes);
    if (s.gpuPercent < 0) continue;  // NVML is sampled, not asked at every step
    ++withGpu;
    CHECK(s.gpuPercent <= 100.0);
    // NVML counts every process on the card and the CUDA context, so more
    // than the allocator holds.
    CHECK(s.gpuMemoryBytes > s.memory.currentBytes);
    const nlohmann::json j = s;
    CHECK(j.at("gpu").at("memory").get<int64_t>() == s.gpuMemoryBytes);
    CHECK(j.at("memory").at("kind") == "cuda");
  }
  CHECK(withGpu > 0);
  CHECK(done.memory.kind == MemoryKind::Cuda);
  CHECK(done.memory.peakBytes > 0);
}
