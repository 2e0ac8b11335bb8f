#pragma once

#include "cli/command.h"

#include <string>

namespace spanforge::cli {

// patterns apply PROJECT: matches the unlabelled documents with the enabled
// pattern sets and stores the matches as suggestions (accepted and rejected
// ones stay as they are).
class PatternsApplyCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string project_;
};

}  // namespace spanforge::cli
