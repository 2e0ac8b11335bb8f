// How training scales with the hardware settings of #13: training words/s,
// seconds per epoch, peak memory, the share of step time spent waiting for
// batch tensors and final dev F1 for 1 and 2 processes, mixed precision
// off/bf16, accumulate_gradient 1/4 and prefetch off/on, on WNUT-17 and on a
// ~200k-word corpus (wikigold's first 90% six times over, each copy
// shuffled; dev = its last 10%). Each setting trains for the same number of
// minutes from the same seed, one after the other, so ratios between rows of
// one run are what to compare. Prints a Markdown table; not a test. Usage:
//   bench_scale [--minutes M] [--corpus wnut|wikigold|both] [--quick | --prefetch]
// --quick runs only 1 vs 2 processes; --prefetch only the prefetch rows.
#include "io/removetree.h"
#include "stepspeed.h"
#include "train/config/trainconfig.h"
#include "train/data/corpusloader.h"
#include "train/distributed/localgroup.h"
#include "train/distributed/rankjob.h"
#include "train/trainer.h"
#include "train/trainingobserver.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include <unistd.h>

namespace fs = std::filesystem;
using namespace spanforge;

namespace {

// Training words/s and rank 0's share of time waiting for data over the
// intervals between steps that hold no evaluation, and the largest resident
// set any rank reported.
class Figures : public train::TrainingObserver {
 public:
  void onStep(const train::StepEvent& e) override {
    speed_.onStep(e);
    peak_ = std::max(peak_, e.memory.peakBytes);
    for (const auto& r : e.ranks) rankPeak_ = std::max(rankPeak_, r.memoryBytes);
  }
  void onEvaluation(const train::EvaluationEvent&) override { speed_.onEvaluation(); }
  void onFinished(const train::FinishedEvent&) override {}

  double wordsPerSecond() const { return speed_.wordsPerSecond(); }
  double dataWaitPercent() const { return speed_.dataWaitPercent(); }
  double peakMb() const { return static_cast<double>(std::max(peak_, rankPeak_)) / (1 << 20); }

 private:
  bench::StepSpeed speed_;
  int64_t peak_ = 0, rankPeak_ = 0;
};

struct Setting {
  const char* name;
  int processes;
  const char* precision;
  int64_t accumulate;
  bool prefetch = train::TrainingSettings{}.prefetch;
};

struct Result {
  double wordsPerSecond, epochSeconds, peakMb, dataWaitPercent, f1;
};

Result trainOnce(const Setting& s, const train::Corpus& trainSet, const train::Corpus& dev,
                 double minutes) {
  train::TrainConfig config;
  config.training.maxMinutes = minutes;
  config.training.patience = 0;
  config.training.mixedPrecision = s.precision;
  config.training.accumulateGradient = s.accumulate;
  config.training.prefetch = s.prefetch;
  config.device.device = "cpu";
  config.device.processes = s.processes;
  const fs::path out = fs::temp_directory_path() / ("bench_scale-" + std::to_string(getpid()));
  Figures figures;
  train::TrainerOptions options;
  options.observer = &figures;
  std::unique_ptr<train::LocalGroup> local;
  if (s.processes > 1) {
    local = std::make_unique<train::LocalGroup>(SPANFORGE_CLI, s.processes,
                                                train::RankJob{config, trainSet, ""});
    options.group = &local->group();
  }
  train::Trainer trainer(config, trainSet, dev, out.string(), std::move(options));
  const auto finished = trainer.run();
  if (local) local->finish();
  spanforge::io::removeTree(out);
  if (finished.reason == train::FinishReason::Failed) {
    std::fprintf(stderr, "bench_scale: %s: %s\n", s.name, finished.message.c_str());
    std::exit(1);
  }
  const double wps = figures.wordsPerSecond();
  return {wps, wps > 0 ? static_cast<double>(trainSet.words()) / wps : 0.0, figures.peakMb(),
          figures.dataWaitPercent(), finished.best.overall.f1};
}

void runCorpus(const char* title, const train::Corpus& trainSet, const train::Corpus& dev,
               double minutes, const std::string& rows) {
  std::vector<Setting> settings;
  if (rows != "prefetch") {
    settings.push_back({"1 process", 1, "off", 1});
    settings.push_back({"2 processes", 2, "off", 1});
  }
  if (rows == "all") {
    settings.push_back({"1 process, bf16", 1, "bf16", 1});
    settings.push_back({"2 processes, bf16", 2, "bf16", 1});
    settings.push_back({"1 process, accumulate 4", 1, "off", 4});
    settings.push_back({"2 processes, accumulate 4", 2, "off", 4});
  }
  if (rows != "quick") {
    settings.push_back({"1 process, prefetch off", 1, "off", 1, false});
    settings.push_back({"1 process, prefetch on", 1, "off", 1, true});
    settings.push_back({"2 processes, prefetch off", 2, "off", 1, false});
    settings.push_back({"2 processes, prefetch on", 2, "off", 1, true});
  }
  std::printf("\n%s: %zu sentences, %lld words train; %zu sentences dev; %.1f min each\n\n", title,
              trainSet.size(), static_cast<long long>(trainSet.words()), dev.size(), minutes);
  std::printf("| setting | words/s | vs 1 process | s/epoch | peak MB | data wait | dev F1 |\n");
  std::printf("|---|---|---|---|---|---|---|\n");
  double base = 0.0;
  for (const auto& s : settings) {
    const Result r = trainOnce(s, trainSet, dev, minutes);
    if (base == 0.0) base = r.wordsPerSecond;
    std::printf("| %s | %.0f | %.2fx | %.1f | %.0f | %.2f%% | %.1f |\n", s.name, r.wordsPerSecond,
                r.wordsPerSecond / base, r.epochSeconds, r.peakMb, r.dataWaitPercent, 100.0 * r.f1);
    std::fflush(stdout);
  }
}

train::Corpus load(const std::string& path) { return train::CorpusLoader::fromFile(path).corpus; }

}  // namespace

int main(int argc, char** argv) {
  double minutes = 2.0;
  std::string corpus = "both";
  std::string rows = "all";
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--minutes" && i + 1 < argc)
      minutes = std::atof(argv[++i]);
    else if (a == "--corpus" && i + 1 < argc)
      corpus = argv[++i];
    else if (a == "--quick")
      rows = "quick";
    else if (a == "--prefetch")
      rows = "prefetch";
    else {
      std::fprintf(stderr,
                   "usage: bench_scale [--minutes M] [--corpus wnut|wikigold|both] "
                   "[--quick | --prefetch]\n");
      return 2;
    }
  }
  if (corpus == "wnut" || corpus == "both")
    runCorpus("WNUT-17", load(SPANFORGE_DEMO_DIR "/train.txt"), load(SPANFORGE_DEMO_DIR "/dev.txt"),
              minutes, rows);
  if (corpus == "wikigold" || corpus == "both") {
    const train::Corpus all = load(SPANFORGE_WIKIGOLD);
    const size_t cut = all.size() * 9 / 10;
    std::vector<train::Example> first(all.examples().begin(), all.examples().begin() + cut);
    train::Corpus big, dev;
    std::mt19937_64 rng(7);
    for (int copy = 0; copy < 6; ++copy) {
      std::shuffle(first.begin(), first.end(), rng);
      for (const auto& e : first) big.add(e);
    }
    for (size_t i = cut; i < all.size(); ++i) dev.add(all[i]);
    runCorpus("wikigold x6 (shuffled copies)", big, dev, minutes, rows);
  }
  return 0;
}
