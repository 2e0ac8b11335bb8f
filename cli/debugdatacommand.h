#pragma once

#include "cli/command.h"

#include <string>

namespace spanforge::cli {

// debug-data PROJECT [--vectors FILE | --config FILE] [--json] [--fix]: the
// checks of spaCy's `debug data`, and the word vectors' coverage of the
// project; --fix first mends what needs no judgement (project::DataFixes).
class DebugDataCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string path_;
  std::string vectors_;
  std::string config_;
  bool json_ = false;
  bool fix_ = false;
};

}  // namespace spanforge::cli
