#pragma once

#include "active/strategy.h"
#include "train/eval/evaluationreport.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::active {

// One point of a simulated learning curve: a model trained on the sentences
// labelled so far, scored on the test set.
struct AlRound {
  int64_t round = 0;      // 1 = the seed set; 0 = the full-data reference
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
  bool reused = false;       // an earlier run's package (trainSeconds are that run's)
  bool recorded = false;     // an earlier run's rounds log: neither trained nor loaded
};

// One strategy's curve in one simulation.
struct AlCurve {
  Strategy strategy = Strategy::LeastConfidence;
  std::vector<AlRound> rounds;
};

// The name a curve goes by in progress and output: the strategy's id, or
// these for the two trainings no strategy chose.
inline constexpr const char* kSeedCurve = "seed";
inline constexpr const char* kFullDataCurve = "full";

}  // namespace spanforge::active
