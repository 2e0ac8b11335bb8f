#include "cli/patternsimportcommand.h"

#include "cli/batchproject.h"
#include "io/inputerror.h"
#include "text/printable.h"

#include <CLI/CLI.hpp>

namespace spanforge::cli {

CLI::App* PatternsImportCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "import",
      "Store a spaCy/Prodigy patterns JSONL file, or a term list (--terms), in the project as a "
      "pattern set; labels it names that the project lacks are added.");
  cmd->add_option("PROJECT", project_, "Project file")->required()->check(CLI::ExistingFile);
  cmd->add_option("FILE", what_.path, "Patterns JSONL, or a term list: a term a line")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_flag("--terms", what_.terms, "FILE is a term list (needs --label)");
  cmd->add_option("--label", what_.label, "The label of every term of the list");
  cmd->add_flag("--case-fold", what_.caseFold,
                "Phrases and terms match whatever the case (spaCy's phrase_matcher_attr LOWER)");
  cmd->add_option("--name", what_.name, "The set's name (default: the file's name)");
  return cmd;
}

int PatternsImportCommand::run(Console& console) {
  if (what_.terms && what_.label.empty())
    throw io::InputError("", 0, "--terms", "a term list needs --label LABEL");
  if (!what_.terms && !what_.label.empty())
    throw io::InputError("", 0, "--label",
                         "only a term list (--terms) has one label; a patterns file names its own");
  auto project = openForBatchWrites(project_);
  const auto set = project::PatternLibrary(*project).import(what_);
  console.out << "Stored pattern set \"" << text::printable(set.name) << "\": " << set.patterns
              << (what_.terms ? " term(s)" : " pattern(s)")
              << ". Run `spanforge-cli patterns apply " << text::printable(project_)
              << "` to match the pool.\n";
  return kOk;
}

}  // namespace spanforge::cli
