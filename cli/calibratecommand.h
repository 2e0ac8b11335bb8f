#pragma once

#include "cli/command.h"

#include <string>

namespace spanforge::cli {

// calibrate MODEL_DIR DEV_FILE [--threads N]: fits the package's temperature
// on labelled data (packages trained before calibration, or on other data)
// and writes it into the package; prints the span ECE before and after.
class CalibrateCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string model_;
  std::string data_;
  int threads_ = 0;
};

}  // namespace spanforge::cli
