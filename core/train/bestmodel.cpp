#include "train/bestmodel.h"

#include <algorithm>

namespace spanforge::train {

bool BestModel::offer(const EvaluationReport& report, int64_t step, model::NerModel& model) {
  if (report.overall.f1 <= f1_) {
    ++sinceBest_;
    return false;
  }
  f1_ = report.overall.f1;
  step_ = step;
  report_ = report;
  sinceBest_ = 0;
  weights_.capture(model);
  return true;
}

void BestModel::replace(const EvaluationReport& report, model::NerModel& model) {
  f1_ = report.overall.f1;
  report_ = report;
  weights_.capture(model);
}

int64_t BestModel::patienceLeft() const {
  return patience_ > 0 ? std::max<int64_t>(0, patience_ - sinceBest_) : -1;
}

bool BestModel::shouldStop() const {
  return (patience_ > 0 && sinceBest_ >= patience_) || converged();
}

}  // namespace spanforge::train
