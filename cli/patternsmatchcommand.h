#pragma once

#include "cli/command.h"

#include <string>
#include <vector>

namespace spanforge::cli {

// patterns match --patterns FILE [--terms FILE --label L] [--case-fold] [INPUT]
// [--output FILE]: JSONL records in (as predict reads them), the same records
// out with the spans the patterns match, overlaps resolved as spaCy's
// EntityRuler sets doc.ents.
class PatternsMatchCommand : public Command {
 public:
  CLI::App* setup(CLI::App& app) override;
  int run(Console& console) override;

 private:
  std::vector<std::string> patternFiles_;
  std::vector<std::string> termFiles_;
  std::string label_;
  bool caseFold_ = false;
  bool all_ = false;
  std::string input_;
  std::string output_;
};

}  // namespace spanforge::cli
