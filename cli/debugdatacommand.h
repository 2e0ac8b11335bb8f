#pragma once

#include "cli/command.h"

#include <string>

namespace spanforge::cli {

// debug-data PROJECT [--json]: the checks of spaCy's `debug data`.
class DebugDataCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string path_;
  bool json_ = false;
};

}  // namespace spanforge::cli
