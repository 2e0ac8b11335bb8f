#include "cli/patternsexportcommand.h"

#include "io/inputerror.h"
#include "io/outputtarget.h"
#include "project/patternlibrary.h"
#include "store/projectstore.h"

#include <CLI/CLI.hpp>

#include <fstream>
#include <sstream>

namespace spanforge::cli {

CLI::App* PatternsExportCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "export", "Write a pattern set as it was imported: patterns JSONL, or a term a line.");
  cmd->add_option("PROJECT", project_, "Project file")->required()->check(CLI::ExistingFile);
  cmd->add_option("NAME", name_, "The set's name (patterns stats lists them)")->required();
  cmd->add_option("--output", output_, "Write here (default: stdout)");
  cmd->add_flag("--as-patterns", asPatterns_,
                "A term list as patterns JSONL: {\"label\": L, \"pattern\": TERM} a line");
  return cmd;
}

int PatternsExportCommand::run(Console& console) {
  if (!output_.empty()) io::OutputTarget(output_, "--output").notFile(project_, "the project");
  auto project = store::ProjectStore::open(project_, store::ProjectStore::Access::ReadOnly);
  // Whole before anything is written: an unknown name leaves no empty file.
  std::ostringstream text;
  project::PatternLibrary(*project).exportSet(name_, text, asPatterns_);
  if (output_.empty()) {
    console.out << text.str();
    return kOk;
  }
  std::ofstream out(output_, std::ios::binary | std::ios::trunc);
  if (!(out << text.str()) || !out.flush()) throw io::InputError(output_, 0, "", "cannot write");
  return kOk;
}

}  // namespace spanforge::cli
