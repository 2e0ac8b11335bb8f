#include "cli/importcommand.h"

#include "cli/batchproject.h"
#include "cli/progressbar.h"
#include "io/formatregistry.h"
#include "io/outputtarget.h"
#include "project/importer.h"
#include "store/projectstore.h"
#include "text/printable.h"

#include <CLI/CLI.hpp>

#include <string>
#include <vector>

namespace spanforge::cli {

CLI::App* ImportCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand("import", "Import documents and annotations into a project.");
  cmd->add_option("PROJECT", path_, "Project file")->required()->check(CLI::ExistingFile);
  cmd->add_option("FILE", files_, "Files to import, all in one transaction")
      ->required()
      ->check(CLI::ExistingFile);
  std::vector<std::string> formats{io::toString(io::Format::Auto)};
  const auto readable = io::FormatRegistry::ids(io::FormatRegistry::Access::Read);
  formats.insert(formats.end(), readable.begin(), readable.end());
  cmd->add_option("--format", format_,
                  "Input format (auto picks by content, else by extension: " +
                      io::FormatRegistry::extensionSummary(io::FormatRegistry::Access::Read) + ")")
      ->check(CLI::IsMember(formats));
  cmd->add_option("--scheme", scheme_, "CoNLL tag scheme")
      ->check(CLI::IsMember({"auto", "iob2", "iob1", "biluo"}));
  cmd->add_option("--split", split_, "Mark the documents as part of a data split")
      ->check(CLI::IsMember({"none", "train", "dev", "test"}));
  cmd->add_option("--status", status_, "Override the status the file gives each document")
      ->check(CLI::IsMember({"unlabelled", "accepted", "rejected", "ignored"}));
  cmd->add_flag("--skip-invalid", skipInvalid_,
                "Import the valid records and report the invalid ones (default: refuse the "
                "whole import on any error)");
  cmd->add_flag("--add-labels", addLabels_, "Create labels the project does not have yet");
  cmd->add_flag("--texts-only", textsOnly_, "Drop annotations: import an unlabelled pool");
  return cmd;
}

int ImportCommand::run(Console& console) {
  // The project is written: a file to import must not be the project itself.
  for (const auto& file : files_)
    io::OutputTarget(path_, "PROJECT").notFile(file, "the file to import");
  auto project = openForBatchWrites(path_);
  project::ImportOptions opts;
  opts.format = *io::parseFormat(format_);
  opts.scheme = *io::parseTagScheme(scheme_);
  opts.split = *store::parseSplit(split_);
  if (!status_.empty()) opts.status = text::parseDocStatus(status_);
  opts.skipInvalid = skipInvalid_;
  opts.addLabels = addLabels_;
  opts.dropSpans = textsOnly_;

  ProgressBar bar(console.err, console.errIsTerminal, "import");
  project::Importer importer(*project);
  const auto report = importer.run(files_, opts, [&](const project::ImportProgress& p) {
    bar.update(p.bytesDone, p.bytesTotal, std::to_string(p.documents) + " docs");
  });
  bar.finish();

  for (const auto& e : report.errors) {
    console.err << (opts.skipInvalid ? "skipped: " : "error: ") << text::printable(e.what())
                << "\n";
  }
  if (!report.committed) {
    if (!report.missingLabels.empty()) {
      console.err << "The project has no label";
      for (const auto& l : report.missingLabels) console.err << " '" << text::printable(l) << "'";
      console.err << ": add them with --add-labels.\n";
    }
    console.err << "Import refused: " << report.errors.size()
                << (report.errors.size() >= opts.maxErrors ? "+" : "")
                << " invalid record(s); the project is unchanged. Fix the file or use "
                   "--skip-invalid.\n";
    return kBadInput;
  }
  console.err << "Imported " << report.imported << " document(s); " << report.duplicates
              << " duplicate(s) skipped";
  if (report.skipped) console.err << "; " << report.skipped << " invalid record(s) skipped";
  console.err << ".\n";
  if (!report.labelsAdded.empty()) {
    console.err << "New labels:";
    for (const auto& l : report.labelsAdded) console.err << " " << text::printable(l);
    console.err << "\n";
  }
  return kOk;
}

}  // namespace spanforge::cli
