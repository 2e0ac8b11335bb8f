#pragma once

#include "cli/command.h"

#include <string>

namespace spanforge::cli {

// upgrade-package DIR --trust: converts a model package or pretrained-weights
// folder from before safetensors (weights.pt, which runs code when loaded)
// in place. Refuses without --trust, saying why; says so and succeeds for a
// folder already in the current format.
class UpgradePackageCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string dir_;
  bool trust_ = false;
};

}  // namespace spanforge::cli
