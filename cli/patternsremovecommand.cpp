#include "cli/patternsremovecommand.h"

#include "cli/batchproject.h"
#include "project/patternlibrary.h"
#include "text/printable.h"

#include <CLI/CLI.hpp>

namespace spanforge::cli {

CLI::App* PatternsRemoveCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "remove", "Remove a pattern set with its suggestions (spans accepted from it stay gold).");
  cmd->add_option("PROJECT", project_, "Project file")->required()->check(CLI::ExistingFile);
  cmd->add_option("NAME", name_, "The set's name")->required();
  return cmd;
}

int PatternsRemoveCommand::run(Console& console) {
  auto project = openForBatchWrites(project_);
  const auto set = project::PatternLibrary(*project).setNamed(name_);
  project->patterns().removeSet(set.id);
  console.out << "Removed pattern set \"" << text::printable(set.name) << "\".\n";
  return kOk;
}

}  // namespace spanforge::cli
