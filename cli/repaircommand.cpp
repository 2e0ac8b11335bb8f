#include "cli/repaircommand.h"

#include "store/schemarepair.h"
#include "text/printable.h"

#include <CLI/CLI.hpp>

#include <ctime>

namespace spanforge::cli {

CLI::App* RepairCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "repair",
      "List the triggers, views, tables and indexes in a project that Spanforge did not make "
      "(a project refuses to open while it has any); with --yes, back the project up and "
      "remove them.");
  cmd->add_option("PROJECT", path_, "Project file")->required()->check(CLI::ExistingFile);
  cmd->add_flag("--yes", yes_,
                "Change the project: first copy it to PROJECT.bak-YYYYmmdd-HHMMSS, then drop "
                "the foreign objects and put back Spanforge's own triggers and indexes. "
                "Without --yes nothing is written.");
  cmd->footer(
      "Exit status: 0 when the project is fine or was repaired; 1 when it needs repair and "
      "--yes was not given, or when something could not be repaired (the backup stays).");
  return cmd;
}

int RepairCommand::run(Console& console) {
  store::SchemaRepair repair(path_);
  const std::string shown = text::printable(path_);
  if (repair.findings().empty()) {
    console.out << "The project " << shown
                << " is fine: its schema is the one Spanforge made. Nothing to repair.\n";
    return kOk;
  }
  console.out << "The project " << shown << " holds " << repair.findings().size()
              << " object(s) that Spanforge did not make:\n";
  for (const auto& f : repair.findings()) {
    console.out << "  " << store::SchemaCheck::describe(f) << "\n";
    if (!f.found.sql.empty()) console.out << "      " << text::printable(f.found.sql) << "\n";
  }
  if (!yes_) {
    console.out << "Nothing was changed. Run \"spanforge-cli repair " << shown
                << " --yes\" to back the project up and remove them.\n";
    return kBadInput;
  }
  const auto result = repair.run(std::time(nullptr));
  console.out << "Backed up the project to " << text::printable(result.backupPath) << ".\n";
  for (const auto& a : result.actions) {
    console.out << "  " << store::SchemaCheck::describe(a.finding) << ": "
                << text::printable(a.what) << "\n";
  }
  if (!result.remaining.empty()) {
    console.out << "The project still does not open: " << result.remaining.size()
                << " object(s) remain. The backup is at " << text::printable(result.backupPath)
                << ".\n";
    return kBadInput;
  }
  console.out << "Repaired: the project opens again.\n";
  return kOk;
}

}  // namespace spanforge::cli
