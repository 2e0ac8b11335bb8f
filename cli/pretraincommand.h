#pragma once

#include "cli/command.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::cli {

// pretrain (PROJECT | --texts FILE...) --output DIR [--config FILE]
//   [--max-steps N] [--max-minutes M] [--device D] [--threads N] [--resume]:
// trains the embeddings and encoder on unlabelled text ([pretraining]) for
// `train --init-from DIR`; --resume goes on from DIR's last checkpoint.
class PretrainCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string project_;
  std::vector<std::string> texts_;
  std::string output_;
  std::string config_;
  int64_t maxSteps_ = -1;
  double maxMinutes_ = -1.0;
  std::string device_;
  int threads_ = -1;
  bool resume_ = false;
};

}  // namespace spanforge::cli
