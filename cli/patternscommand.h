#pragma once

#include "cli/command.h"

#include <memory>
#include <vector>

namespace spanforge::cli {

// patterns ACTION ...: pattern sets and term lists. Each action is its own
// Command (`match` reads records without a project).
class PatternsCommand : public Command {
 public:
  PatternsCommand();
  ~PatternsCommand() override;
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::vector<std::unique_ptr<Command>> actions_;
  std::vector<CLI::App*> subs_;
};

}  // namespace spanforge::cli
