#pragma once

#include "active/nearduplicatefilter.h"
#include "active/strategy.h"
#include "train/config/trainconfig.h"
#include "train/data/corpus.h"
#include "train/eval/evaluationreport.h"

#include <atomic>
#include <cstdint>
#include <functional>
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
  Strategy strategy = Strategy::LeastConfidence;
  double seedFraction = 0.02;  // of the pool, drawn at random, labelled first
  double stepFraction = 0.02;  // of the pool, added every round
  int64_t rounds = 0;          // trainings (points on the curve); 0 = until the pool is used up
  uint64_t seed = 0;           // the seed draw and the random strategy
  bool skipNearDuplicates = false;
  int threads = 0;  // predicting and test-scoring threads; 0 = one per core
  // Round packages go to workDir/round-N and are kept; empty = a temporary
  // directory that keeps only the newest and is removed at the end.
  std::string workDir;
  const std::atomic<bool>* cancel = nullptr;    // checked between batches and rounds
  train::TrainingObserver* observer = nullptr;  // every round's training events; may be null
  std::function<void(int64_t round, int64_t sentences)> onRoundStart;  // may be empty
};

// One point of the learning curve.
struct AlRound {
  int64_t round = 0;      // 1 = the seed set
  int64_t sentences = 0;  // labelled so far
  int64_t words = 0;
  int64_t entities = 0;
  double fraction = 0.0;  // sentences / pool sentences
  train::PrfScores test;  // of the model trained on them
  double devF1 = 0.0;
  std::string finishReason;  // why that training ended
  int64_t steps = 0;
  double trainSeconds = 0.0;
  double rankSeconds = 0.0;  // choosing the next step (0 in the last round)
};

struct AlSimulationResult {
  std::vector<AlRound> rounds;
  int64_t poolSentences = 0;
  int64_t seedSentences = 0;
  int64_t stepSentences = 0;
  bool cancelled = false;
  double seconds = 0.0;
};

// Simulates annotation with gold labels to compare strategies: label a
// random seed share of the pool (its gold spans are "annotated"), train,
// score on test, rank the rest of the pool with the strategy, label the top
// step, retrain starting from the previous round's weights (warm start,
// TrainerOptions::resumeFrom), and so on. Runs on the calling thread.
class AlSimulation {
 public:
  // Throws std::invalid_argument for fractions outside (0, 1], an empty
  // pool, dev or test set.
  AlSimulation(train::TrainConfig config, train::Corpus pool, train::Corpus dev, train::Corpus test,
               AlSimulationOptions options);

  // Called after every round, with the curve so far; may be empty.
  std::function<void(const AlRound&)> onRound;

  // Throws train::TrainingError when a round cannot train (a seed set too
  // small or without entities, a diverged loss): the message names the round.
  AlSimulationResult run();

 private:
  // The unlabelled pool indexes, most informative first.
  std::vector<size_t> rankPool(const model::NerModel& model,
                               const std::vector<size_t>& unlabelled) const;

  train::TrainConfig config_;
  train::Corpus pool_;
  train::Corpus dev_;
  train::Corpus test_;
  AlSimulationOptions options_;
};

}  // namespace spanforge::active
