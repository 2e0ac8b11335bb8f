#pragma once

#include "cli/command.h"

#include <string>
#include <vector>

namespace spanforge::cli {

// predict MODEL_DIR [INPUT] [--with DIR]... [--output FILE]: JSONL records with "text" or
// "tokens" in, the same records with "spans" (and "tokens" when tokenized
// here) out.
class PredictCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string model_;
  std::vector<std::string> members_;  // --with
  std::string input_;
  std::string output_;
  int threads_ = 0;
};

}  // namespace spanforge::cli
