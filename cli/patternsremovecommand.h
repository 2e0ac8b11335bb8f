#pragma once

#include "cli/command.h"

#include <string>

namespace spanforge::cli {

// patterns remove PROJECT NAME: removes a set with its patterns and their
// suggestions (gold spans accepted from them stay).
class PatternsRemoveCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string project_;
  std::string name_;
};

}  // namespace spanforge::cli
