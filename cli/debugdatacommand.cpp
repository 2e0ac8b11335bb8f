#include "cli/debugdatacommand.h"

#include "model/vectors.h"
#include "project/datachecks.h"
#include "project/datafixes.h"
#include "store/projectstore.h"
#include "text/printable.h"
#include "train/config/tomlconfig.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

namespace spanforge::cli {

CLI::App* DebugDataCommand::setup(CLI::App& app) {
  auto* cmd =
      app.add_subcommand("debug-data", "Check the accepted data for problems that hurt training.");
  cmd->add_option("PROJECT", path_, "Project file")->required()->check(CLI::ExistingFile);
  auto* vectors = cmd->add_option("--vectors", vectors_,
                                  "Word vectors file: report how much of the project it covers");
  cmd->add_option("--config", config_, "Training config: its model.vectors, if any")
      ->excludes(vectors);
  cmd->add_flag("--json", json_, "Print JSON instead of text");
  cmd->add_flag("--fix", fix_,
                "First fix what needs no judgement: trim white space from spans, widen spans "
                "to whole tokens, set empty documents to ignored");
  return cmd;
}

int DebugDataCommand::run(Console& console) {
  if (!config_.empty()) vectors_ = train::loadConfigFile(config_).model.vectors;
  // Read before the project opens: a bad file fails fast, naming its line.
  const model::Vectors vectors =
      vectors_.empty() ? model::Vectors{} : model::Vectors::load(vectors_);
  auto project = store::ProjectStore::open(
      path_, fix_ ? store::ProjectStore::Access::ReadWrite : store::ProjectStore::Access::ReadOnly);
  project::FixPlan fixes;
  if (fix_) {
    fixes = project::DataFixes::plan(*project);
    project::DataFixes::apply(*project, fixes);
  }
  project::DataChecks checks(*project);
  if (!vectors_.empty()) checks.withVectors(vectors, vectors_);
  const auto report = checks.run();

  if (json_) {
    nlohmann::ordered_json j;
    j["documents"] = report.documents;
    j["spans"] = report.spans;
    if (fix_)
      j["fixed"] = {{"documents", fixes.documents.size()},
                    {"trimmed", fixes.trimmed},
                    {"dropped", fixes.dropped},
                    {"widened", fixes.widened},
                    {"set_aside", fixes.setAside},
                    {"left", fixes.misalignedLeft}};
    j["checks"] = nlohmann::ordered_json::array();
    for (const auto& c : report.checks) {
      nlohmann::ordered_json cj{{"id", c.id},
                                {"severity", project::toString(c.severity)},
                                {"message", c.message},
                                {"count", c.count}};
      cj["examples"] = nlohmann::ordered_json::array();
      for (const auto& e : c.examples) {
        cj["examples"].push_back({{"document", e.documentId}, {"detail", e.detail}});
      }
      j["checks"].push_back(cj);
    }
    console.out << j.dump(2) << "\n";
    return kOk;
  }
  if (fix_)
    console.out << "Fixed " << fixes.documents.size() << " document(s): " << fixes.summary()
                << "\n";
  console.out << "Checked " << report.documents << " accepted document(s), " << report.spans
              << " span(s)\n";
  int warnings = 0;
  for (const auto& c : report.checks) {
    const char* mark = c.severity == project::Severity::Warning ? "⚠"
                       : c.severity == project::Severity::Info  ? "ℹ"
                                                                : "✔";
    warnings += c.severity == project::Severity::Warning;
    console.out << mark << " " << text::printable(c.message) << "\n";
    for (const auto& e : c.examples) {
      console.out << "    document " << e.documentId << ": " << text::printable(e.detail) << "\n";
    }
  }
  console.out << warnings << " warning(s)\n";
  return kOk;
}

}  // namespace spanforge::cli
