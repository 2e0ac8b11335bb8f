#pragma once

#include "train/trainevent.h"

namespace spanforge::train {

// What the trainer reports to. Called on the training thread, in order: steps
// and evaluations interleaved, then exactly one finished. Implementations
// that touch a UI must hand the event over to their own thread (the GUI
// worker emits a queued signal carrying the struct); they should return
// quickly, since the trainer waits.
class TrainingObserver {
 public:
  virtual ~TrainingObserver() = default;

  virtual void onStep(const StepEvent& event) = 0;
  virtual void onEvaluation(const EvaluationEvent& event) = 0;
  virtual void onFinished(const FinishedEvent& event) = 0;
  // Once before the first step when batch_size = "auto"; most observers
  // only need the steps' batch_words.
  virtual void onBatchSize(const BatchSizeEvent& event) { (void)event; }

  // Calls the member for the event's kind.
  void dispatch(const TrainingEvent& event);
};

}  // namespace spanforge::train
