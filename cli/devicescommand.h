#pragma once

#include "cli/command.h"

namespace spanforge::cli {

// spanforge-cli devices [--json]: what training can run on here (the CPU and
// each CUDA device), the libtorch it was built against, why CUDA cannot be
// used when it cannot, and what device = "auto" picks.
class DevicesCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  bool json_ = false;
};

}  // namespace spanforge::cli
