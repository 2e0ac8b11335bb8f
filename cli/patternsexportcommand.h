#pragma once

#include "cli/command.h"

#include <string>

namespace spanforge::cli {

// patterns export PROJECT NAME [--output FILE] [--as-patterns]: a stored set
// as the file it came from (a term list also as patterns JSONL).
class PatternsExportCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string project_;
  std::string name_;
  std::string output_;
  bool asPatterns_ = false;
};

}  // namespace spanforge::cli
