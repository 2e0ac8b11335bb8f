#include "cli/exportcommand.h"

#include "cli/progressbar.h"
#include "project/exporter.h"
#include "store/project.h"

#include <CLI/CLI.hpp>

namespace spanforge::cli {

CLI::App* ExportCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand("export", "Export a project's documents and gold spans.");
  cmd->add_option("PROJECT", path_, "Project file")->required()->check(CLI::ExistingFile);
  cmd->add_option("OUT", out_, "Output file (written completely or not at all)")->required();
  cmd->add_option("--format", format_,
                  "Output format (auto: .jsonl, .json = Label Studio, .conll, .txt)")
      ->check(CLI::IsMember({"auto", "jsonl", "doccano", "labelstudio", "conll", "text"}));
  cmd->add_option("--scheme", scheme_, "CoNLL tag scheme")
      ->check(CLI::IsMember({"iob2", "iob1", "biluo"}));
  cmd->add_option("--status", status_, "Which documents to export")
      ->check(CLI::IsMember({"accepted", "all"}));
  return cmd;
}

int ExportCommand::run(Console& console) {
  auto project = store::Project::open(path_);
  project::ExportOptions opts;
  opts.format = *io::parseFormat(format_);
  opts.scheme = *io::parseTagScheme(scheme_);
  opts.acceptedOnly = status_ == "accepted";

  store::DocumentFilter filter;
  if (opts.acceptedOnly) filter.status = text::DocStatus::Accepted;
  const int64_t total = project->documents().count(filter);
  ProgressBar bar(console.err, console.errIsTerminal, "export");
  const auto report =
      project::Exporter(*project).run(out_, opts, [&](int64_t done) { bar.update(done, total); });
  bar.finish();
  console.err << "Exported " << report.documents << " document(s) to " << out_ << " ("
              << io::toString(report.format) << ").\n";
  return kOk;
}

}  // namespace spanforge::cli
