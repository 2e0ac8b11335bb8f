#pragma once

#include "model/sentencefeatures.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::model {
class NerModel;
}

namespace spanforge::train {

// The forward and backward passes of an optimizer step. Each batch's loss (a
// mean per sentence) is scaled by `weight` and back-propagated into the
// parameters' .grad, so n batches with weight 1/n give their mean gradient.
// Autocast covers the forward pass only: backward runs each op in the type
// it was recorded in.
class BatchGradient {
 public:
  struct Result {
    double loss = 0.0;  // sum of the batches' weighted losses
    int64_t words = 0;
    double badLoss = 0.0;  // the first NaN or infinite loss, when finite is false
    bool finite = true;    // false: stopped at that batch, without its backward
  };

  BatchGradient(model::NerModel& model, const std::vector<model::SentenceFeatures>& features,
                const std::vector<std::vector<int64_t>>& tags, std::string device,
                std::string mixedPrecision);

  // `poison` makes the first batch's loss NaN (the trainer's test hook).
  Result add(const std::vector<std::vector<size_t>>& batches, double weight, bool poison) const;

 private:
  model::NerModel& model_;
  const std::vector<model::SentenceFeatures>& features_;
  const std::vector<std::vector<int64_t>>& tags_;
  std::string device_;
  std::string mixedPrecision_;
};

}  // namespace spanforge::train
