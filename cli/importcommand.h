#pragma once

#include "cli/command.h"

#include <string>
#include <vector>

namespace spanforge::cli {

// import PROJECT FILE... [--format F] [--skip-invalid] [--add-labels] ...
class ImportCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::string path_;
  std::vector<std::string> files_;
  std::string format_ = "auto";
  std::string scheme_ = "auto";
  std::string split_ = "none";
  std::string status_;
  bool skipInvalid_ = false;
  bool addLabels_ = false;
  bool textsOnly_ = false;
};

}  // namespace spanforge::cli
