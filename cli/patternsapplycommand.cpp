#include "cli/patternsapplycommand.h"

#include "cli/batchproject.h"
#include "cli/progressbar.h"
#include "project/patternlibrary.h"

#include <CLI/CLI.hpp>

#include <chrono>

namespace spanforge::cli {

CLI::App* PatternsApplyCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "apply",
      "Match the unlabelled documents with the project's enabled pattern sets and store the "
      "matches as suggestions, overlaps resolved as spaCy's EntityRuler does.");
  cmd->add_option("PROJECT", project_, "Project file")->required()->check(CLI::ExistingFile);
  return cmd;
}

int PatternsApplyCommand::run(Console& console) {
  auto project = openForBatchWrites(project_);
  const auto t0 = std::chrono::steady_clock::now();
  ProgressBar bar(console.err, console.errIsTerminal, "Matching");
  const auto r = project::PatternLibrary(*project).apply([&](int64_t done, int64_t total) {
    bar.update(done, total);
    return true;
  });
  bar.finish();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  console.out << "Matched " << r.documents << " unlabelled document(s): " << r.matches
              << " suggestion(s) (" << static_cast<int64_t>(seconds * 1000) << " ms).\n";
  for (const auto& [overrun, documents] : r.overruns)
    console.err << "warning: " << overrun << " (in " << documents << " document(s)).\n";
  return kOk;
}

}  // namespace spanforge::cli
