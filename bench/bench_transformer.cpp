// Fine-tuning and inference speed of a BERT-base-sized transformer (random
// weights in bert-base-cased's shapes and vocabulary: speed does not depend
// on the values) on WNUT-17: one short run per setting, all in this process.
// Prints a Markdown table (and writes it to --table). Not a test. Usage:
//   bench_transformer [--seconds S] [--cpu-threads N] [--table FILE] [--layers L]
// S: wall clock per training setting (default 60); N: the CPU rows' "all
// cores" (default: this machine's cores); L: encoder layers (default 12, as
// BERT-base; fewer for a quick look).
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

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <unistd.h>

namespace fs = std::filesystem;
using namespace spanforge;
using spanforge::bench::mb;
using spanforge::bench::row;

namespace {

struct Setting {
  std::string device, precision, batch;  // batch: words or "auto"
  int64_t accumulate = 1;
  int threads = 0;
};

// BERT-base's shapes with `layers` layers, bert-base-cased's vocabulary.
std::string writeFolder(const fs::path& dir, int layers) {
  fs::create_directories(dir);
  std::ofstream(dir / "config.json")
      << R"({"model_type": "bert", "vocab_size": 28996, "hidden_size": 768, )"
      << R"("num_attention_heads": 12, "intermediate_size": 3072, "type_vocab_size": 2, )"
      << R"("max_position_embeddings": 512, "num_hidden_layers": )" << layers
      << R"(, "_name_or_path": "bert-base-cased, random weights"})";
  fs::copy_file(SPANFORGE_BERT_VOCAB, dir / "vocab.txt");
  std::ofstream(dir / "tokenizer_config.json") << R"({"do_lower_case": false})";
  return dir.string();
}

void trainOne(const Setting& s, const std::string& folder, const train::Corpus& trainData,
              const train::Corpus& dev, double seconds, const std::string& out) {
  train::TrainConfig config;
  config.model.encoder = "transformer";
  config.model.transformer = folder;
  config.model.dropout = 0.1;
  config.device.device = s.device;
  config.device.threads = s.threads;
  config.training.mixedPrecision = s.precision;
  config.training.accumulateGradient = s.accumulate;
  if (s.batch == "auto") {
    config.training.batchSize = "auto";
  } else {
    config.training.batchSize = "fixed";
    config.training.batchWords = std::atoll(s.batch.c_str());
  }
  config.training.maxSteps = 0;
  config.training.maxMinutes = seconds / 60.0;
  config.training.evalFrequency = 1000000;  // once, at the end
  config.training.patience = 0;
  bench::RunMeter meter;
  train::TrainerOptions options;
  options.observer = &meter;
  const train::FinishedEvent done = train::Trainer(config, trainData, dev, out, options).run();
  const bool cuda = done.memory.kind == train::MemoryKind::Cuda;
  const std::string where = cuda             ? "GPU"
                            : s.threads == 1 ? "CPU, 1 thread"
                                             : "CPU, " + std::to_string(s.threads) + " threads";
  if (done.reason == train::FinishReason::Failed) {
    row("| " + where + " | " + s.precision + " | " + s.batch + " | " +
        std::to_string(s.accumulate) + " | failed: " + done.message + " | |");
    return;
  }
  const std::string batch =
      s.batch == "auto" ? "auto (" + std::to_string(meter.autoWords) + ")" : s.batch;
  const double wps = meter.speed.wordsPerSecond();
  const std::string speed = wps > 0 ? std::to_string(static_cast<long long>(wps)) : "too few steps";
  char line[512];
  std::snprintf(
      line, sizeof line, "| %s | %s | %s | %lld | %s (%lld steps) | %s %s |", where.c_str(),
      s.precision.c_str(), batch.c_str(), static_cast<long long>(s.accumulate), speed.c_str(),
      static_cast<long long>(done.steps), mb(done.memory.peakBytes).c_str(), cuda ? "GPU" : "RSS");
  row(line);
}

void inferOne(const std::string& package, const train::Corpus& test, const std::string& device,
              int threads) {
  train::ModelPackage p = train::ModelPackage::load(package);
  p.model().setDevice(device);
  const train::Evaluator evaluator(test, p.model(), threads);
  const double wps = evaluator.evaluate(p.model()).wordsPerSecond;
  char line[256];
  std::snprintf(line, sizeof line, "| %s | %d | %.0f |", device.c_str(), threads, wps);
  row(line);
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 60.0;
  int cpuThreads = static_cast<int>(std::thread::hardware_concurrency());
  int layers = 12;
  std::string tableFile;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string a = argv[i];
    if (a == "--seconds")
      seconds = std::atof(argv[i + 1]);
    else if (a == "--cpu-threads")
      cpuThreads = std::atoi(argv[i + 1]);
    else if (a == "--table")
      tableFile = argv[i + 1];
    else if (a == "--layers")
      layers = std::atoi(argv[i + 1]);
  }
  const auto load = [](const char* f) {
    return train::CorpusLoader::fromFile(std::string(SPANFORGE_DEMO_DIR) + f).corpus;
  };
  const train::Corpus trainData = load("/train.txt");
  // The first sentences of dev and test: evaluating BERT-base on a CPU reads
  // about 150 words/s, and these figures are speeds, not F1.
  const auto first = [](const train::Corpus& c, size_t n) {
    std::vector<train::Example> kept(c.examples().begin(),
                                     c.examples().begin() + std::min(n, c.size()));
    return train::Corpus(std::move(kept));
  };
  const train::Corpus dev = first(load("/dev.txt"), 100), test = first(load("/test.txt"), 400);
  const fs::path work =
      fs::temp_directory_path() / ("spanforge-bench-transformer-" + std::to_string(getpid()));
  const std::string folder = writeFolder(work / "bert", layers);
  const std::string out = (work / "model").string();

  const auto gpus = train::CudaDevices::list();
  const train::HostCpu host = train::HostCpu::read();
  row("Device: " +
      (gpus.empty() ? "no GPU (" + train::ComputeDevice::cudaProblem() + ")"
                    : gpus.front().name + ", " + mb(gpus.front().totalBytes)) +
      "; CPU: " + host.name + ", " + std::to_string(host.threads) + " threads; " +
      train::TorchBuild::summary() + ". BERT-base shapes, " + std::to_string(layers) +
      " layers, random weights; WNUT-17 train (dev: its first 100 sentences; predict: test's "
      "first 400). Batches are counted in subwords (about 1.4 a word), speeds in words.");
  row("");
  row("| where | precision | batch subwords | accumulate | fine-tuning words/s | peak memory |");
  row("|---|---|---|---|---|---|");
  if (!gpus.empty()) {
    for (const std::string precision : {"off", "bf16", "fp16"})
      for (const std::string batch : {"1000", "4000", "16000", "auto"})
        trainOne({"cuda", precision, batch, 1, 1}, folder, trainData, dev, seconds,
                 out + "-" + precision + batch);
    trainOne({"cuda", "bf16", "4000", 4, 1}, folder, trainData, dev, seconds, out + "-acc4");
  }
  trainOne({"cpu", "off", "1000", 1, cpuThreads}, folder, trainData, dev, seconds, out + "-cpu");
  trainOne({"cpu", "off", "1000", 1, 1}, folder, trainData, dev, seconds, out + "-cpu1");
  trainOne({"cpu", "bf16", "1000", 1, cpuThreads}, folder, trainData, dev, seconds,
           out + "-cpubf16");

  row("");
  row("| predict on | threads | words/s |");
  row("|---|---|---|");
  if (!gpus.empty()) inferOne(out + "-off4000", test, "cuda", 1);
  inferOne(out + "-cpu", test, "cpu", cpuThreads);
  inferOne(out + "-cpu", test, "cpu", 1);

  io::removeTree(work);
  if (!tableFile.empty()) std::ofstream(tableFile) << bench::tableText().str();
  return 0;
}
