#pragma once

#include "cli/console.h"

namespace CLI {
class App;
}

namespace spanforge::cli {

// One spanforge-cli sub-command: declares its options on the parser, then runs.
class Command {
 public:
  virtual ~Command() = default;
  // Adds the sub-command to app; returns it so the runner can tell which ran.
  virtual CLI::App* setup(CLI::App& app) = 0;
  // Throws io::InputError / store::StoreError for bad input (exit 1).
  virtual int run(Console& console) = 0;
};

}  // namespace spanforge::cli
