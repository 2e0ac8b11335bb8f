// Training and inference speed of the default model on a GPU against the same
// machine's CPU, on WNUT-17: one short run per setting, all in this process
// (CUDA starts once). Prints a Markdown table (and writes it to --table).
// Not a test. Usage:
//   bench_gpu [--seconds S] [--cpu-threads N] [--table FILE] [--data DIR]
// S: wall clock per training setting (default 10); N: the CPU rows' "all
// cores" (default: this machine's cores). packaging/gpu-run.sh runs it.
#include "benchreport.h"
#include "io/removetree.h"
#include "model/nermodel.h"
#include "train/data/corpusloader.h"
#include "train/device/computedevice.h"
#include "train/device/cudadevices.h"
#include "train/device/hostcpu.h"
#include "train/device/torchbuild.h"
#include "train/eval/evaluator.h"
#include "train/package/modelpackage.h"
#include "train/trainer.h"
#include "train/trainingobserver.h"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>

#include <unistd.h>

namespace fs = std::filesystem;
using namespace spanforge;
using spanforge::bench::mb;
using spanforge::bench::row;

namespace {

struct Setting {
  std::string device, precision, batch;  // batch: words or "auto"
  bool prefetch = false;
  int threads = 0;
};

void trainOne(const Setting& s, const train::Corpus& trainData, const train::Corpus& dev,
              double seconds, const std::string& out) {
  train::TrainConfig config;
  config.device.device = s.device;
  config.device.threads = s.threads;
  config.training.mixedPrecision = s.precision;
  if (s.batch == "auto") {
    config.training.batchSize = "auto";
  } else {
    config.training.batchSize = "fixed";
    config.training.batchWords = std::atoll(s.batch.c_str());
  }
  config.training.prefetch = s.prefetch;
  config.training.maxSteps = 0;
  config.training.maxMinutes = seconds / 60.0;
  config.training.evalFrequency = 1000000;  // once, at the end
  config.training.patience = 0;
  bench::RunMeter meter;
  train::TrainerOptions options;
  options.observer = &meter;
  const train::FinishedEvent done = train::Trainer(config, trainData, dev, out, options).run();
  if (done.reason == train::FinishReason::Failed) {
    row("| " + s.device + " | " + s.precision + " | " + s.batch + " | failed: " + done.message +
        " | | | |");
    return;
  }
  char line[512];
  const bool cuda = done.memory.kind == train::MemoryKind::Cuda;
  const std::string batch =
      s.batch == "auto" ? "auto (" + std::to_string(meter.autoWords) + ")" : s.batch;
  const std::string where = cuda             ? "GPU"
                            : s.threads == 1 ? "CPU, 1 thread"
                                             : "CPU, " + std::to_string(s.threads) + " threads";
  // Fewer than two steps between evaluations leave nothing to time.
  const double wps = meter.speed.wordsPerSecond();
  const std::string speed = wps > 0 ? std::to_string(static_cast<long long>(wps)) : "too few steps";
  std::snprintf(line, sizeof line, "| %s | %s | %s | %s | %s | %s | %.1f %% |", where.c_str(),
                s.precision.c_str(), batch.c_str(), s.prefetch ? "on" : "off", speed.c_str(),
                cuda ? mb(done.memory.peakBytes).c_str() : "", meter.speed.dataWaitPercent());
  row(line);
}

void inferOne(const std::string& package, const train::Corpus& test, const std::string& device,
              int threads, int64_t batchWords) {
  train::ModelPackage p = train::ModelPackage::load(package);
  p.model().setDevice(device);
  const train::Evaluator evaluator(test, p.model(), threads, batchWords);
  double best = 0.0;
  for (int i = 0; i < 3; ++i) best = std::max(best, evaluator.evaluate(p.model()).wordsPerSecond);
  char line[256];
  std::snprintf(line, sizeof line, "| %s | %d | %lld | %.0f |", device.c_str(), threads,
                static_cast<long long>(batchWords), best);
  row(line);
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 10.0;
  int cpuThreads = static_cast<int>(std::thread::hardware_concurrency());
  std::string tableFile, data = SPANFORGE_DEMO_DIR;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--seconds")
      seconds = std::atof(argv[i + 1]);
    else if (a == "--cpu-threads")
      cpuThreads = std::atoi(argv[i + 1]);
    else if (a == "--table")
      tableFile = argv[i + 1];
    else if (a == "--data")
      data = argv[i + 1];
  }
  const auto load = [&](const char* f) { return train::CorpusLoader::fromFile(data + f).corpus; };
  const train::Corpus trainData = load("/train.txt"), dev = load("/dev.txt"),
                      test = load("/test.txt");
  // Every run's package in one folder of this process's own, removed at the end.
  const fs::path work =
      fs::temp_directory_path() / ("spanforge-bench-gpu-" + std::to_string(getpid()));
  fs::create_directories(work);
  const std::string out = (work / "model").string();

  const auto gpus = train::CudaDevices::list();
  const train::HostCpu host = train::HostCpu::read();
  row("Device: " +
      (gpus.empty() ? "no GPU (" + train::ComputeDevice::cudaProblem() + ")"
                    : gpus.front().name + ", " + mb(gpus.front().totalBytes)) +
      "; CPU: " + host.name + ", " + std::to_string(host.threads) + " threads" + "; " +
      train::TorchBuild::summary() + ".");
  row("");
  row("| where | precision | batch words | prefetch | training words/s | peak GPU memory | data "
      "wait |");
  row("|---|---|---|---|---|---|---|");
  if (!gpus.empty()) {
    for (const std::string precision : {"off", "bf16", "fp16"})
      for (const std::string batch : {"1000", "4000", "16000", "auto"})
        for (bool prefetch : {false, true}) {
          if (prefetch && precision != "off") continue;  // prefetch measured once, in fp32
          trainOne({"cuda", precision, batch, prefetch, 1}, trainData, dev, seconds,
                   out + "-" + precision + batch + (prefetch ? "p" : ""));
        }
  }
  trainOne({"cpu", "off", "1000", false, cpuThreads}, trainData, dev, seconds, out + "-cpu");
  trainOne({"cpu", "off", "1000", false, 1}, trainData, dev, seconds, out + "-cpu1");

  row("");
  row("| predict on | threads | batch words | words/s |");
  row("|---|---|---|---|");
  const std::string package = out + (gpus.empty() ? "-cpu" : "-off4000");
  if (!gpus.empty()) {
    inferOne(package, test, "cuda", 1, train::Evaluator::kBatchWords);
    inferOne(package, test, "cuda", 1, 16000);
  }
  inferOne(package, test, "cpu", cpuThreads, train::Evaluator::kBatchWords);
  inferOne(package, test, "cpu", 1, train::Evaluator::kBatchWords);

  spanforge::io::removeTree(work);
  if (!tableFile.empty()) std::ofstream(tableFile) << bench::tableText().str();
  return 0;
}
