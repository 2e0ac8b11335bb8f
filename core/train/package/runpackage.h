#pragma once

#include "train/config/trainconfig.h"
#include "train/data/corpus.h"
#include "train/eval/evaluationreport.h"

#include <cstdint>
#include <string>

namespace spanforge::model {
class NerModel;
}

namespace spanforge::train {

struct TrainerOptions;

// How a run went, for the package's meta.json.
struct RunFigures {
  std::string finishReason;
  int64_t steps = 0;
  int64_t epochs = 0;
  int64_t bestStep = 0;
  double seconds = 0.0;
};

// The package a finished run writes, its model holding the best
// evaluation's weights: the temperature fitted on `calibration` (dev when it
// is empty), the best dev figures, and the test figures when the options
// name a test set (scored on `device`).
class RunPackage {
 public:
  static void write(const std::string& dir, model::NerModel& model, const TrainConfig& config,
                    const TrainerOptions& options, const Corpus& train, const Corpus& dev,
                    const Corpus& calibration, const EvaluationReport& best, const RunFigures& run,
                    const std::string& device);
};

}  // namespace spanforge::train
