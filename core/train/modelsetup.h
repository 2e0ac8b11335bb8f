#pragma once

#include "train/config/trainconfig.h"
#include "train/data/corpus.h"

#include <memory>
#include <string>

namespace spanforge::model {
class NerModel;
class Vectors;
}  // namespace spanforge::model

namespace spanforge::train {

// The model a run trains, seeded with training.seed: a new one from
// config.model and the training labels, or, resuming from a package, the
// package's (its [model] settings, which replace config.model, its weights
// and vectors, its labels plus new ones from the data). With
// model.unknown_words, the training words (and the package's) are its known
// words. A new model with model.pretrained starts from those weights
// (PretrainedWeights: their architecture, the text's words known too). Throws TrainingError for a
// label the tag set refuses and ModelPackageError for a package that cannot be read.
class ModelSetup {
 public:
  static std::unique_ptr<model::NerModel> build(TrainConfig& config, const Corpus& train,
                                                const std::string& resumeFrom,
                                                std::shared_ptr<const model::Vectors> vectors);
};

}  // namespace spanforge::train
