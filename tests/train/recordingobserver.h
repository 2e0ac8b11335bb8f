#pragma once

#include "train/trainingobserver.h"

#include <atomic>
#include <functional>
#include <vector>

namespace spanforge::train::testing {

// Keeps every event in order; optional hooks run on evaluations (tests use
// them to cancel).
class RecordingObserver : public TrainingObserver {
 public:
  void onStep(const StepEvent& e) override { events.emplace_back(e); }
  void onEvaluation(const EvaluationEvent& e) override {
    events.emplace_back(e);
    if (afterEvaluation) afterEvaluation(e);
  }
  void onFinished(const FinishedEvent& e) override { events.emplace_back(e); }
  void onBatchSize(const BatchSizeEvent& e) override { batchSizes.push_back(e); }

  template <class T>
  std::vector<T> all() const {
    std::vector<T> out;
    for (const auto& e : events)
      if (const T* x = std::get_if<T>(&e)) out.push_back(*x);
    return out;
  }
  std::vector<double> losses() const {
    std::vector<double> out;
    for (const auto& s : all<StepEvent>()) out.push_back(s.loss);
    return out;
  }

  std::vector<TrainingEvent> events;
  std::vector<BatchSizeEvent> batchSizes;
  std::function<void(const EvaluationEvent&)> afterEvaluation;
};

}  // namespace spanforge::train::testing
