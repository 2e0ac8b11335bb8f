#pragma once

#include "cli/command.h"

#include <string>

namespace spanforge::cli {

// init PROJECT [--labels A,B,...] [--demo]
class InitCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string path_;
  std::string labels_;
  bool demo_ = false;
};

}  // namespace spanforge::cli
