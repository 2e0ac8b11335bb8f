#pragma once

#include "active/alcurve.h"
#include "active/roundlog.h"
#include "active/strategy.h"
#include "train/config/trainconfig.h"
#include "train/data/corpus.h"

#include <atomic>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace spanforge::model {
class NerModel;
}
namespace spanforge::train {
class TrainingObserver;
}

namespace spanforge::active {

struct AlSimulationOptions {
  // Each strategy's curve continues from the same trained seed round.
  std::vector<Strategy> strategies{Strategy::LeastConfidence};
  double seedFraction = 0.02;  // of the pool, drawn at random, labelled first
  double stepFraction = 0.02;  // of the pool, added every round
  int64_t rounds = 0;          // trainings per curve (points); 0 = until the pool is used up
  uint64_t seed = 0;           // the seed draw and the random strategy
  bool skipNearDuplicates = false;
  // Each round after the first starts from the previous round's weights;
  // false: from where the seed round started (random weights, or the
  // config's model.pretrained).
  bool warmStart = true;
  // Also train from scratch on the whole pool: the full-data F1 the curves are
  // measured against.
  bool fullData = false;
  int threads = 0;  // predicting and test-scoring threads; 0 = one per core
  // Packages go to workDir/round-1, workDir/STRATEGY/round-N and
  // workDir/full-data and are kept; empty = a temporary directory that keeps
  // only what the next round starts from and is removed at the end.
  std::string workDir;
  // A round whose package an earlier run left in workDir (same labelled
  // set, config and starting point: KeptRound) is not trained again.
  bool reuseKept = false;
  const std::atomic<bool>* cancel = nullptr;    // checked between batches and rounds
  train::TrainingObserver* observer = nullptr;  // every training's events; may be null
  // Before each training: its curve (curveName()) and round (0 for the
  // full-data training), and its labelled sentences. May be empty.
  std::function<void(const std::string& curve, int64_t round, int64_t sentences)> onRoundStart;
};

struct AlSimulationResult {
  uint64_t seed = 0;
  std::vector<AlCurve> curves;  // one per strategy, in the options' order; each starts
                                // with the shared seed round
  std::optional<AlRound> fullData;
  int64_t poolSentences = 0;
  int64_t seedSentences = 0;
  int64_t stepSentences = 0;
  bool cancelled = false;
  double seconds = 0.0;
};

// Simulates annotation with gold labels to compare strategies: label a
// random seed share of the pool (its gold spans are "annotated"), train,
// score on test; then, for each strategy from that same model, rank the rest
// of the pool, label the top step, retrain starting from the previous
// round's weights (warm start, TrainerOptions::resumeFrom) or afresh
// (AlSimulationOptions::warmStart), and so on. Every
// training stops by the config's rules, so with a config without max_minutes
// a run is reproducible. Runs on the calling thread.
class AlSimulation {
 public:
  // Throws std::invalid_argument for fractions outside (0, 1], no strategy,
  // an empty pool, dev or test set.
  AlSimulation(train::TrainConfig config, train::Corpus pool, train::Corpus dev, train::Corpus test,
               AlSimulationOptions options);

  // Throws train::TrainingError when `seedFraction` of `poolSize` sentences
  // is fewer than config.data.min_examples: the seed round could not train.
  static void checkSeedShare(const train::TrainConfig& config, size_t poolSize,
                             double seedFraction);

  // Called after every round, with its curve's name; may be empty.
  std::function<void(const std::string& curve, const AlRound&)> onRound;

  // Throws train::TrainingError when a round cannot train (a seed set too
  // small or without entities, a diverged loss): the message names the round.
  AlSimulationResult run();

 private:
  struct Trained;
  Trained train(const std::string& curve, int64_t round, const std::vector<size_t>& labelled,
                const std::string& dir, const std::string& resumeFrom) const;
  // The unlabelled pool indexes, most informative first; `labelled` (the
  // rest) for rare, `batch` (the next round's share) for spread.
  std::vector<size_t> rankPool(Strategy strategy, const model::NerModel& model,
                               const std::vector<size_t>& unlabelled,
                               const std::vector<size_t>& labelled, size_t batch) const;
  bool cancelled() const { return options_.cancel && options_.cancel->load(); }
  // work/rounds.jsonl, read with reuseKept, else started afresh; null
  // without a work directory.
  std::unique_ptr<RoundLog> openLog(const std::filesystem::path& work) const;
  // The log's entry for that round, when it stands for training it: its
  // package (in `dir`) is gone, rounds start afresh (no warm start) and the
  // entry has its picks (or is the last round).
  const RoundLog::Entry* recorded(const RoundLog* log, const std::string& curve, int64_t round,
                                  const std::vector<size_t>& labelled,
                                  const std::filesystem::path& dir) const;

  train::TrainConfig config_;
  train::Corpus pool_;
  train::Corpus dev_;
  train::Corpus test_;
  AlSimulationOptions options_;
};

}  // namespace spanforge::active
