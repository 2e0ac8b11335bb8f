#pragma once

#include "cli/command.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::cli {

// rank PROJECT MODEL_DIR [--with DIR]... [--strategy S] [--top N]
//   [--json] [--diverse] [--threads N] [--seed N]: ranks the project's
// unlabelled documents with the model, stores the predictions and the
// ranking under the model's id, prints the top documents.
class RankCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string project_;
  std::string model_;
  std::vector<std::string> members_;  // --with
  std::string strategy_ = "lc";
  int64_t top_ = 10;
  bool json_ = false;
  bool diverse_ = false;
  int threads_ = 0;
  uint64_t seed_ = 0;
};

}  // namespace spanforge::cli
