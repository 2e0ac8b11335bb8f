#pragma once

#include "cli/command.h"
#include "project/patternlibrary.h"

#include <string>

namespace spanforge::cli {

// patterns import PROJECT FILE [--terms --label L] [--case-fold] [--name N]:
// stores a patterns JSONL file or a term list as a pattern set of the project.
class PatternsImportCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string project_;
  project::PatternImport what_;
};

}  // namespace spanforge::cli
