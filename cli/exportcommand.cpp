#include "cli/exportcommand.h"

#include "cli/progressbar.h"
#include "io/formatregistry.h"
#include "project/exporter.h"
#include "store/projectstore.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace spanforge::cli {

CLI::App* ExportCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand("export", "Export a project's documents and gold spans.");
  cmd->add_option("PROJECT", path_, "Project file")->required()->check(CLI::ExistingFile);
  cmd->add_option("OUT", out_, "Output file (written completely or not at all)")->required();
  std::vector<std::string> formats{io::toString(io::Format::Auto)};
  const auto writable = io::FormatRegistry::ids(io::FormatRegistry::Access::Write);
  formats.insert(formats.end(), writable.begin(), writable.end());
  cmd->add_option("--format", format_,
                  "Output format (auto picks by extension: " +
                      io::FormatRegistry::extensionSummary(io::FormatRegistry::Access::Write) + ")")
      ->check(CLI::IsMember(formats));
  cmd->add_option("--scheme", scheme_, "CoNLL tag scheme")
      ->check(CLI::IsMember({"iob2", "iob1", "biluo"}));
  cmd->add_option("--status", status_, "Which documents to export")
      ->check(CLI::IsMember({"accepted", "all"}));
  return cmd;
}

int ExportCommand::run(Console& console) {
  auto project = store::ProjectStore::open(path_, store::ProjectStore::Access::ReadOnly);
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
