#pragma once

#include <cstdint>
#include <memory>

namespace spanforge::model {
class NerModel;
}

namespace spanforge::train {

// training.checkpoint_average: the weights of the last `count` evaluations,
// and their mean as it stood when the best of them was evaluated (the best
// and the evaluations just before it). Averaging checkpoints of one run
// smooths SGD's noise around the best; the trainer keeps the mean only if it
// scores at least as well on dev.
class CheckpointAverage {
 public:
  // count >= 2.
  explicit CheckpointAverage(int64_t count);
  ~CheckpointAverage();
  CheckpointAverage(const CheckpointAverage&) = delete;
  CheckpointAverage& operator=(const CheckpointAverage&) = delete;

  // The model's weights were just evaluated; `best`: the best so far.
  void add(model::NerModel& model, bool best);
  // How many checkpoints the mean at the best has (0: none yet; at least 2
  // for a mean worth trying).
  int64_t averaged() const;
  // Loads that mean into the model (the one added: same parameters, device).
  void load(model::NerModel& model) const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::train
