#pragma once

#include <memory>

namespace spanforge::model {
class NerModel;
}

namespace spanforge::train {

// A copy of a model's parameters, kept on the model's device: the trainer
// snapshots the best model on dev and restores it before writing, so a
// package is written once, at the end, and never from a failed run.
class ParameterSnapshot {
 public:
  ParameterSnapshot();
  ~ParameterSnapshot();
  ParameterSnapshot(const ParameterSnapshot&) = delete;
  ParameterSnapshot& operator=(const ParameterSnapshot&) = delete;

  void capture(model::NerModel& model);
  // The model must be the one captured (same parameters, same device).
  void restore(model::NerModel& model) const;
  bool empty() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace spanforge::train
