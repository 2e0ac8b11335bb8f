#include "cli/statscommand.h"

#include "store/projectstore.h"
#include "text/printable.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <iomanip>

namespace spanforge::cli {

CLI::App* StatsCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand("stats", "Documents by status and gold spans per label.");
  cmd->add_option("PROJECT", path_, "Project file")->required()->check(CLI::ExistingFile);
  cmd->add_flag("--json", json_, "Print JSON instead of a table");
  return cmd;
}

int StatsCommand::run(Console& console) {
  auto project = store::ProjectStore::open(path_, store::ProjectStore::Access::ReadOnly);
  const auto byStatus = project->documents().countByStatus();
  const auto byLabel = project->documents().spanCountByLabel();

  nlohmann::ordered_json j;
  int64_t total = 0;
  for (auto s : {text::DocStatus::Unlabelled, text::DocStatus::Accepted, text::DocStatus::Rejected,
                 text::DocStatus::Ignored}) {
    const auto it = byStatus.find(s);
    const int64_t n = it == byStatus.end() ? 0 : it->second;
    j["documents"][text::toString(s)] = n;
    total += n;
  }
  j["documents"]["total"] = total;
  j["spans"] = nlohmann::ordered_json::object();
  for (const auto& l : project->labels().all()) {
    const auto it = byLabel.find(l.name);
    j["spans"][l.name] = it == byLabel.end() ? 0 : it->second;
  }

  if (json_) {
    console.out << j.dump(2) << "\n";
    return kOk;
  }
  console.out << "Documents\n";
  for (const auto& [k, v] : j["documents"].items()) {
    console.out << "  " << std::left << std::setw(14) << k << std::right << std::setw(10)
                << v.get<int64_t>() << "\n";
  }
  console.out << "Gold spans per label\n";
  for (const auto& [k, v] : j["spans"].items()) {
    console.out << "  " << std::left << std::setw(20) << text::printable(k) << std::right
                << std::setw(10) << v.get<int64_t>() << "\n";
  }
  return kOk;
}

}  // namespace spanforge::cli
