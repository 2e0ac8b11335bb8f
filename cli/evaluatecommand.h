#pragma once

#include "cli/command.h"

#include <string>
#include <vector>

namespace spanforge::cli {

// evaluate MODEL_DIR DATA_FILE [--with DIR]... [--json]: entity P/R/F overall and per label.
class EvaluateCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string model_;
  std::vector<std::string> members_;  // --with
  std::string data_;
  bool json_ = false;
  int threads_ = 0;
};

}  // namespace spanforge::cli
