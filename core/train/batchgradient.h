#pragma once

#include "model/sentencefeatures.h"
#include "train/data/batchprefetcher.h"
#include "train/device/gradscaler.h"

#include <cstddef>
#include <cstdint>
#include <memory>
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
// it was recorded in. The batches' tensors are built on the way, or ahead on
// a thread of their own after prefetch().
class BatchGradient {
 public:
  struct Result {
    double loss = 0.0;  // sum of the batches' weighted losses
    int64_t words = 0;
    double badLoss = 0.0;  // the first NaN or infinite loss, when finite is false
    bool finite = true;    // false: stopped at that batch, without its backward
    // Spent building the batches' tensors, or waiting for the prefetch
    // thread to finish them.
    double dataWaitSeconds = 0.0;
  };

  BatchGradient(model::NerModel& model, const std::vector<model::SentenceFeatures>& features,
                const std::vector<std::vector<int64_t>>& tags, std::string device,
                std::string mixedPrecision);

  // `poison` makes the first batch's loss NaN (the trainer's test hook).
  // Throws std::logic_error when a batch is not the next one prefetched.
  Result add(const std::vector<std::vector<size_t>>& batches, double weight, bool poison);
  // training.prefetch: a thread builds the tensors of this rank's batches of
  // `epoch` ahead of add(), which must ask for them in order. A step takes
  // `perStep` batches of the epoch in order, and rank r trains every
  // ranks-th of them from the r-th. Drops the previous epoch's prefetch.
  void prefetch(const std::vector<std::vector<size_t>>& epoch, size_t perStep, int rank, int ranks);
  // Stops the thread and drops what it built: before the model or the
  // features go (the destructor does it too).
  void stopPrefetch() { prefetcher_.reset(); }
  // fp16: add() back-propagated the loss times the loss scale (GradScaler);
  // this divides the gradients (summed over ranks by then) back before
  // clipping and adapts the scale. False when a gradient is inf or NaN: the
  // step must not be applied. Other modes: true.
  bool unscale();
  // fp16: the loss scale the next add() uses (GradScaler); 1 in other modes.
  double lossScale() const { return scaler_.enabled() ? scaler_.currentScale() : 1.0; }

 private:
  model::BatchTensors tensorsOf(const std::vector<size_t>& members);

  model::NerModel& model_;
  const std::vector<model::SentenceFeatures>& features_;
  const std::vector<std::vector<int64_t>>& tags_;
  std::string device_;
  std::string mixedPrecision_;
  GradScaler scaler_;  // enabled for fp16

  // Last, so destroyed first: its thread reads the members above.
  std::unique_ptr<BatchPrefetcher> prefetcher_;
};

}  // namespace spanforge::train
