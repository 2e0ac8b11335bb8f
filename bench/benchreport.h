#pragma once

// What bench_gpu and bench_transformer share: a training run's step speed and
// the batch size auto chose, and the Markdown rows they print and keep.

#include "stepspeed.h"
#include "train/trainevent.h"
#include "train/trainingobserver.h"

#include <cstdint>
#include <cstdio>
#include <sstream>
#include <string>

namespace spanforge::bench {

// StepSpeed's figures and the size batch_size = "auto" chose.
class RunMeter : public train::TrainingObserver {
 public:
  void onStep(const train::StepEvent& e) override { speed.onStep(e); }
  void onEvaluation(const train::EvaluationEvent&) override { speed.onEvaluation(); }
  void onFinished(const train::FinishedEvent&) override {}
  void onBatchSize(const train::BatchSizeEvent& e) override { autoWords = e.words; }

  StepSpeed speed;
  int64_t autoWords = 0;
};

// Every row printed so far, for --table.
inline std::ostringstream& tableText() {
  static std::ostringstream text;
  return text;
}

// Prints a line of the report at once (runs are long) and keeps it.
inline void row(const std::string& line) {
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
  tableText() << line << "\n";
}

inline std::string mb(int64_t bytes) { return std::to_string(bytes / (1 << 20)) + " MB"; }

}  // namespace spanforge::bench
