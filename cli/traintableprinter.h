#pragma once

#include "cli/progressbar.h"
#include "train/trainingobserver.h"

#include <cstdint>
#include <memory>
#include <ostream>

namespace spanforge::cli {

// What `spanforge-cli train` shows: a table row per evaluation on `out`
// (epoch, step, loss, dev P/R/F in percent, words/s, memory in MB; "*"
// marks a new best) and, when `progress` is true, a progress bar on `err`
// towards the next evaluation. Forwards every event to `next` if given.
class TrainTablePrinter : public train::TrainingObserver {
 public:
  TrainTablePrinter(std::ostream& out, std::ostream& err, bool progress, int64_t evalFrequency,
                    train::TrainingObserver* next = nullptr);

  void printHeader();
  void onStep(const train::StepEvent& event) override;
  void onEvaluation(const train::EvaluationEvent& event) override;
  void onFinished(const train::FinishedEvent& event) override;
  // "batch size: auto chose N words (size: words/s, ...)", above the rows.
  void onBatchSize(const train::BatchSizeEvent& event) override;

 private:
  std::ostream& out_;
  std::ostream& err_;
  bool progress_;
  int64_t evalFrequency_;
  train::TrainingObserver* next_;
  std::unique_ptr<ProgressBar> bar_;
  double lastWordsPerSecond_ = 0.0;
};

}  // namespace spanforge::cli
