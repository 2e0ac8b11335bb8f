#pragma once

#include "cli/command.h"

#include <string>

namespace spanforge::cli {

// patterns stats PROJECT [--set NAME] [--json]: the project's pattern sets,
// and per pattern its matches, accepted and rejected (so bad ones can be pruned).
class PatternsStatsCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string project_;
  std::string set_;
  bool json_ = false;
};

}  // namespace spanforge::cli
