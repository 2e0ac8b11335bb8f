#pragma once

#include "cli/command.h"

#include <string>

namespace spanforge::cli {

// init-config [OUT] [--preset fast|accurate] [--vectors FILE]: every setting
// with its default; with vectors, the settings recommended for them.
class InitConfigCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string out_;
  std::string preset_ = "default";
  std::string vectors_;
  std::string transformer_;
  bool force_ = false;
};

}  // namespace spanforge::cli
