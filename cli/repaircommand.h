#pragma once

#include "cli/command.h"

#include <string>

namespace spanforge::cli {

// spanforge-cli repair PROJECT [--yes]: lists what a project's schema holds that
// Spanforge did not make (store::SchemaCheck); with --yes, backs the project up
// and removes it (store::SchemaRepair).
class RepairCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string path_;
  bool yes_ = false;
};

}  // namespace spanforge::cli
