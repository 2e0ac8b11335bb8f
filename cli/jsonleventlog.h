#pragma once

#include "train/trainingobserver.h"

#include <fstream>
#include <string>

namespace spanforge::cli {

// `train --log-jsonl FILE`: every training event as one JSON line (see
// trainevent.h for the fields), flushed per line so the file can be
// followed while training runs. Forwards every event to `next` if given.
class JsonlEventLog : public train::TrainingObserver {
 public:
  // Throws io::InputError when the file cannot be created.
  JsonlEventLog(const std::string& path, train::TrainingObserver* next = nullptr);

  void onStep(const train::StepEvent& event) override;
  void onEvaluation(const train::EvaluationEvent& event) override;
  void onFinished(const train::FinishedEvent& event) override;
  void onBatchSize(const train::BatchSizeEvent& event) override;

 private:
  void write(const train::TrainingEvent& event);

  std::ofstream file_;
  train::TrainingObserver* next_;
};

}  // namespace spanforge::cli
