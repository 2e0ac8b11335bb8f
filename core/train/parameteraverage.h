#pragma once

#include <cstdint>
#include <memory>

namespace spanforge::model {
class NerModel;
}

namespace spanforge::train {

// An exponential moving average of a model's trainable parameters (Polyak
// averaging, as spaCy's optimizers use): evaluating and saving the average
// instead of the last step smooths out SGD's noise. The decay ramps up as
// min(decay, (1 + t) / (10 + t)) so early steps are not dominated by the
// random initialisation.
class ParameterAverage {
 public:
  explicit ParameterAverage(double decay);
  ~ParameterAverage();
  ParameterAverage(const ParameterAverage&) = delete;
  ParameterAverage& operator=(const ParameterAverage&) = delete;

  // Folds the model's current parameters into the average (after each step).
  void update(model::NerModel& model);
  // Takes in, at their current values, parameters that became trainable
  // after the first update (vectors unfrozen); the trainer calls it then.
  void adoptNewlyTrainable(model::NerModel& model);
  // Swaps the averaged and the model's current parameters; calling it twice
  // restores the model. Does nothing before the first update.
  void swap();
  int64_t updates() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::train
