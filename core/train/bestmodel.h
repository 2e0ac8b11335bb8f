#pragma once

#include "train/eval/evaluationreport.h"
#include "train/parametersnapshot.h"

#include <cstdint>

namespace spanforge::model {
class NerModel;
}

namespace spanforge::train {

// The best model on dev so far (its F1, step, scores and weights) and the
// early-stopping patience left: the trainer offers it every evaluation and
// writes the weights it kept at the end.
class BestModel {
 public:
  explicit BestModel(int64_t patience) : patience_(patience) {}

  // The model's current weights scored `report` at `step`: kept when they beat
  // every earlier evaluation. Returns whether they did.
  bool offer(const EvaluationReport& report, int64_t step, model::NerModel& model);
  // Other weights (a mean of checkpoints) take the best's place, at its step.
  void replace(const EvaluationReport& report, model::NerModel& model);
  void restore(model::NerModel& model) const { weights_.restore(model); }

  bool empty() const { return weights_.empty(); }
  double f1() const { return f1_; }  // -1 before the first evaluation
  int64_t step() const { return step_; }
  const EvaluationReport& report() const { return report_; }
  int64_t patienceLeft() const;  // evaluations; -1 when patience is off
  bool converged() const { return f1_ >= 1.0; }
  bool shouldStop() const;  // converged, or patience ran out

 private:
  int64_t patience_;
  double f1_ = -1.0;
  int64_t step_ = 0;
  int64_t sinceBest_ = 0;
  EvaluationReport report_;
  ParameterSnapshot weights_;
};

}  // namespace spanforge::train
