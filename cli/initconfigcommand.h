#pragma once

#include "cli/command.h"

#include <string>

namespace spanforge::cli {

// init-config [OUT] [--preset fast|accurate]: every setting with its default.
class InitConfigCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string out_;
  std::string preset_ = "default";
  bool force_ = false;
};

}  // namespace spanforge::cli
