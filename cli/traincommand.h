#pragma once

#include "cli/command.h"

#include <string>

namespace spanforge::cli {

// train (PROJECT | --train FILE --dev FILE) --output MODEL_DIR [--config FILE]
//   [--device D] [--threads N] [--max-minutes M] [--resume-from MODEL_DIR]
//   [--vectors FILE] [--log-jsonl FILE] [--test FILE] [--nproc N]
// With --nproc N > 1 (or [device] processes), this process is rank 0 of N
// and starts the others (train-worker). Started by torchrun (WORLD_SIZE set),
// it is one rank of that job: each rank loads the same data itself.
class TrainCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string project_;
  std::string train_;
  std::string dev_;
  std::string test_;
  std::string output_;
  std::string config_;
  std::string device_;
  int threads_ = -1;
  double maxMinutes_ = -1.0;
  int nproc_ = -1;
  std::string resumeFrom_;
  std::string vectors_;
  std::string transformer_;
  std::string initFrom_;
  std::string logJsonl_;
};

}  // namespace spanforge::cli
