#include "active/alexperiment.h"

#include "active/keptpretraining.h"
#include "io/scratchdirectory.h"
#include "train/stopwatch.h"
#include "train/trainingerror.h"

#include <filesystem>
#include <memory>
#include <optional>
#include <stdexcept>

namespace spanforge::active {

namespace fs = std::filesystem;

size_t AlExperimentResult::points() const {
  size_t n = 0;
  for (const auto& r : runs)
    for (const auto& c : r.curves) n += c.rounds.size();
  return n;
}

AlExperiment::AlExperiment(train::TrainConfig config, train::Corpus pool, train::Corpus dev,
                           train::Corpus test, AlExperimentOptions options)
    : config_(std::move(config)),
      pool_(std::move(pool)),
      dev_(std::move(dev)),
      test_(std::move(test)),
      options_(std::move(options)) {
  if (options_.seeds.empty()) throw std::invalid_argument("no seeds to simulate");
  const bool pretrained = options_.pretrain || !config_.model.pretrained.empty();
  if (options_.retrain == AlRetrain::Scratch && pretrained)
    throw std::invalid_argument(
        "retraining from scratch starts every round from random weights, but pretrained "
        "weights are set: retrain from \"pretrained\" instead, or leave pretraining off");
  if (options_.retrain == AlRetrain::Pretrained && !pretrained) options_.pretrain = true;
  options_.simulation.warmStart = options_.retrain == AlRetrain::Warm;
  // Before any pretraining: a seed round too small to train is known now.
  AlSimulation::checkSeedShare(config_, pool_.size(), options_.simulation.seedFraction);
}

std::string AlExperiment::pretrain(const std::string& scratch) {
  const std::string dir =
      ((options_.modelsDir.empty() ? fs::path(scratch) : fs::path(options_.modelsDir)) /
       "pretrained")
          .string();
  std::vector<std::vector<std::string>> texts;
  for (const auto* c : {&pool_, &dev_})
    for (const auto& e : c->examples()) texts.push_back(e.tokens);
  if (options_.simulation.reuseKept && !options_.modelsDir.empty()) {
    if (const auto kept = KeptPretraining::find(dir, config_, static_cast<int64_t>(texts.size()))) {
      train::PretrainResult r;
      r.steps = kept->steps;
      r.epochs = kept->epochs;
      r.words = kept->words;
      r.heldOutLoss = kept->heldOutLoss;
      r.seconds = kept->seconds;
      r.outputDir = dir;
      r.kept = true;
      if (options_.onPretrained) options_.onPretrained(r);
      return dir;
    }
  }
  if (options_.onPretrainStart) options_.onPretrainStart(static_cast<int64_t>(texts.size()));
  train::PretrainerOptions pretrainOptions;
  pretrainOptions.cancel = options_.simulation.cancel;
  // An interrupted pretraining goes on from its last checkpoint, to the same
  // weights an uninterrupted one reaches (on the CPU).
  pretrainOptions.resume = options_.simulation.reuseKept && !options_.modelsDir.empty();
  const train::PretrainResult r =
      train::Pretrainer(config_, std::move(texts), dir, std::move(pretrainOptions)).run();
  if (r.reason == train::FinishReason::Failed)
    throw train::TrainingError("pretraining failed: " + r.message);
  if (options_.onPretrained) options_.onPretrained(r);
  return r.outputDir;  // empty when cancelled before the first checkpoint
}

AlExperimentResult AlExperiment::run() {
  const train::Stopwatch watch;
  AlExperimentResult result;
  const auto cancelled = [this] {
    return options_.simulation.cancel && options_.simulation.cancel->load();
  };
  std::unique_ptr<io::ScratchDirectory> scratch;
  if (options_.pretrain) {
    if (options_.modelsDir.empty())
      scratch = std::make_unique<io::ScratchDirectory>("spanforge-al-pretrain-");
    const std::string dir = pretrain(scratch ? scratch->path().string() : std::string());
    if (dir.empty() || cancelled()) {
      result.cancelled = true;
      return result;
    }
    config_.model.pretrained = dir;
  }
  AlSimulationOptions options = options_.simulation;
  // The full-data training depends on the pool and training.seed, not on the
  // seed that draws the seed round: trained once, it serves every seed.
  std::optional<AlRound> fullData;
  for (const uint64_t seed : options_.seeds) {
    options.seed = seed;
    options.fullData = options_.simulation.fullData && !fullData;
    options.workDir =
        options_.modelsDir.empty() || options_.seeds.size() == 1
            ? options_.modelsDir
            : (fs::path(options_.modelsDir) / ("seed-" + std::to_string(seed))).string();
    if (options_.onRoundStart)
      options.onRoundStart = [this, seed](const std::string& curve, int64_t round,
                                          int64_t sentences) {
        options_.onRoundStart(seed, curve, round, sentences);
      };
    AlSimulation simulation(config_, pool_, dev_, test_, options);
    if (options_.onRound)
      simulation.onRound = [this, seed](const std::string& curve, const AlRound& r) {
        options_.onRound(seed, curve, r);
      };
    result.runs.push_back(simulation.run());
    AlSimulationResult& run = result.runs.back();
    if (run.cancelled) {
      result.cancelled = true;
      break;
    }
    if (run.fullData) {
      fullData = run.fullData;
    } else if (fullData) {
      run.fullData = fullData;
      if (options_.onRound) options_.onRound(seed, kFullDataCurve, *fullData);
    }
  }
  result.summary = summarize(result.runs, options_.fullF1);
  result.seconds = watch.seconds();
  return result;
}

}  // namespace spanforge::active
