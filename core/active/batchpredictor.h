#pragma once

#include "model/prediction.h"

#include <string>
#include <vector>

namespace spanforge::model {
class NerModel;
}

namespace spanforge::active {

// Predicts many sentences with one model: contiguous parts on `threads`
// threads (the caller's included), each part batched by length inside
// NerModel::predict. On the 2-core machines measured, threads predicting
// separate batches ran about twice as fast as one thread with two intra-op
// threads (see train::ParallelFor). Results do not depend on `threads`.
class BatchPredictor {
 public:
  // threads > 0 as given; 0 = one per core. dropoutSamples and
  // sentenceVectors: see NerModel::predict.
  static std::vector<model::Prediction> predict(
      const model::NerModel& model, const std::vector<std::vector<std::string>>& sentences,
      int threads, int dropoutSamples = 0, bool sentenceVectors = false);
};

}  // namespace spanforge::active
