#pragma once

#include "train/config/trainconfig.h"
#include "train/data/corpus.h"

namespace spanforge::train {

// Whether data can be trained on (see Trainer::validateData, which calls it).
class DataRequirements {
 public:
  // Throws TrainingError with a message for the user: empty train or dev
  // set, fewer training sentences than data.min_examples, no entity spans in
  // train (a single tag, O) or in dev (F1 would be 0 whatever the model).
  static void validate(const TrainConfig& config, const Corpus& train, const Corpus& dev);
};

}  // namespace spanforge::train
