#include "cli/patternscommand.h"

#include "cli/patternsapplycommand.h"
#include "cli/patternsexportcommand.h"
#include "cli/patternsimportcommand.h"
#include "cli/patternsmatchcommand.h"
#include "cli/patternsremovecommand.h"
#include "cli/patternsstatscommand.h"

#include <CLI/CLI.hpp>

namespace spanforge::cli {

PatternsCommand::PatternsCommand() {
  actions_.push_back(std::make_unique<PatternsMatchCommand>());
  actions_.push_back(std::make_unique<PatternsImportCommand>());
  actions_.push_back(std::make_unique<PatternsExportCommand>());
  actions_.push_back(std::make_unique<PatternsApplyCommand>());
  actions_.push_back(std::make_unique<PatternsStatsCommand>());
  actions_.push_back(std::make_unique<PatternsRemoveCommand>());
}

PatternsCommand::~PatternsCommand() = default;

CLI::App* PatternsCommand::setup(CLI::App& app) {
  auto* cmd =
      app.add_subcommand("patterns",
                         "Patterns and term lists (spaCy/Prodigy patterns JSONL, a term a line): "
                         "match texts with them, or keep them in a project as suggestions.");
  cmd->require_subcommand(1);
  for (auto& a : actions_) subs_.push_back(a->setup(*cmd));
  return cmd;
}

int PatternsCommand::run(Console& console) {
  for (size_t i = 0; i < actions_.size(); ++i)
    if (subs_[i]->parsed()) return actions_[i]->run(console);
  return kInternalError;
}

}  // namespace spanforge::cli
