#pragma once

#include "cli/command.h"

#include <string>

namespace spanforge::cli {

// export PROJECT OUT [--format F] [--status accepted|all]
class ExportCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string path_;
  std::string out_;
  std::string format_ = "auto";
  std::string scheme_ = "iob2";
  std::string status_ = "accepted";
};

}  // namespace spanforge::cli
