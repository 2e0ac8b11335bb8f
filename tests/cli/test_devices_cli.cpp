#include "../train/traintestdata.h"
#include "clirunner.h"
#include "tempdir.h"
#include "train/config/tomlconfig.h"
#include "train/device/computedevice.h"
#include "train/device/torchbuild.h"

#include <nlohmann/json.hpp>

#include "catchapi.h"

#include <filesystem>
#include <fstream>

using spanforge::testing::runCliArgs;
using spanforge::testing::TempDir;
using spanforge::train::ComputeDevice;
using spanforge::train::TorchBuild;
using namespace spanforge::train::testing;
namespace fs = std::filesystem;

TEST_CASE("cli --version names the libtorch build and devices lists the CPU") {
  const auto version = runCliArgs({"--version"});
  REQUIRE(version.code == 0);
  CHECK_THAT(version.out, StartsWith("spanforge-cli 0.1.0\nbuilt with libtorch "));
  CHECK_THAT(version.out, ContainsSubstring(TorchBuild::torchVersion()));
  CHECK_THAT(version.out,
             ContainsSubstring(ComputeDevice::cudaCompiled() ? ", CUDA " : ", CPU only"));

  const auto table = runCliArgs({"devices"});
  REQUIRE(table.code == 0);
  CHECK_THAT(table.out, StartsWith("Built with " + TorchBuild::summary() + "\n"));
  CHECK_THAT(table.out, ContainsSubstring("\ncpu      "));
  const std::string picked = ComputeDevice::cudaAvailable() ? "cuda" : "cpu";
  CHECK_THAT(table.out, EndsWith("device = \"auto\" trains on: " + picked + "\n"));
  if (!ComputeDevice::cudaAvailable())
    CHECK_THAT(table.out,
               ContainsSubstring("cuda     not available: " + ComputeDevice::cudaProblem()));

  const auto j = nlohmann::json::parse(runCliArgs({"devices", "--json"}).out);
  CHECK(j["torch"] == TorchBuild::torchVersion());
  CHECK(j["cuda"].get<std::string>().empty() == !ComputeDevice::cudaCompiled());
  REQUIRE(j["devices"].size() >= 1);
  CHECK(j["devices"][0]["device"] == "cpu");
  CHECK(j["devices"][0]["threads"].get<int>() >= 1);
  CHECK(j["devices"][0]["memory_bytes"].get<int64_t>() > 0);
  CHECK(j["auto"] == picked);
  CHECK(j["cuda_problem"].get<std::string>().empty() == ComputeDevice::cudaAvailable());
}

TEST_CASE("cli train --device cuda without a usable GPU stops at once and says why") {
  if (ComputeDevice::cudaAvailable()) {
    WARN("not checked: this machine has a GPU");
    return;
  }
  // What is missing: a CUDA build of libtorch, or (with one) a driver and a GPU.
  const std::string problem = ComputeDevice::cudaProblem();
  CHECK_THAT(problem, ContainsSubstring(ComputeDevice::cudaCompiled()
                                            ? "no NVIDIA GPU"
                                            : "built against a CPU-only libtorch"));
  TempDir dir;
  const std::string train = dir.file("train.conll"), dev = dir.file("dev.conll");
  writeConll(train, head(demoTrain(), 50));
  writeConll(dev, head(demoDev(), 20));
  std::ofstream(dir.file("tiny.toml")) << spanforge::train::toToml(tinyConfig());
  for (const std::string device : {"cuda", "cuda:1"}) {
    INFO(device);
    const auto r =
        runCliArgs({"train", "--train", train, "--dev", dev, "--config", dir.file("tiny.toml"),
                    "--output", dir.file("model"), "--device", device});
    CHECK(r.code == 1);
    CHECK_THAT(r.err, ContainsSubstring("device \"" + device + "\": " + problem));
    CHECK_FALSE(fs::exists(dir.file("model")));
  }
}
