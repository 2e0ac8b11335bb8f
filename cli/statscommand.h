#pragma once

#include "cli/command.h"

#include <string>

namespace spanforge::cli {

// stats PROJECT [--json]: documents by status, gold spans per label.
class StatsCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string path_;
  bool json_ = false;
};

}  // namespace spanforge::cli
