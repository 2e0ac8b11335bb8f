#include "cli/patternsstatscommand.h"

#include "project/patternlibrary.h"
#include "store/projectstore.h"
#include "text/printable.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <iomanip>
#include <map>

namespace spanforge::cli {

CLI::App* PatternsStatsCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "stats",
      "The project's pattern sets and, per pattern, its matches and how many were accepted and "
      "rejected.");
  cmd->add_option("PROJECT", project_, "Project file")->required()->check(CLI::ExistingFile);
  cmd->add_option("--set", set_, "Only this set");
  cmd->add_flag("--json", json_, "Print JSON instead of tables");
  return cmd;
}

int PatternsStatsCommand::run(Console& console) {
  auto project = store::ProjectStore::open(project_, store::ProjectStore::Access::ReadOnly);
  project::PatternLibrary library(*project);
  std::vector<store::PatternSetRecord> sets;
  if (set_.empty())
    sets = project->patterns().sets();
  else
    sets.push_back(library.setNamed(set_));
  nlohmann::ordered_json j = nlohmann::ordered_json::array();
  for (const auto& s : sets) {
    std::map<int64_t, store::PatternCounts> counts;
    for (const auto& c : project->patterns().counts(s.id)) counts[c.patternId] = c;
    nlohmann::ordered_json set = {{"name", s.name},
                                  {"kind", s.kind},
                                  {"case_fold", s.caseFold},
                                  {"enabled", s.enabled},
                                  {"patterns", nlohmann::ordered_json::array()}};
    if (!s.termLabel.empty()) set["label"] = s.termLabel;
    for (const auto& p : project->patterns().patterns(s.id)) {
      const auto& c = counts[p.id];
      set["patterns"].push_back({{"line", p.line},
                                 {"label", p.label},
                                 {"pattern", p.source},
                                 {"matches", c.matches},
                                 {"accepted", c.accepted},
                                 {"rejected", c.rejected}});
    }
    j.push_back(std::move(set));
  }
  if (json_) {
    console.out << j.dump(2) << "\n";
    return kOk;
  }
  if (j.empty()) console.out << "The project has no pattern sets (patterns import adds one).\n";
  for (const auto& set : j) {
    console.out << text::printable(set["name"].get<std::string>()) << " ("
                << set["kind"].get<std::string>()
                << (set["case_fold"].get<bool>() ? ", case-folded" : "")
                << (set["enabled"].get<bool>() ? "" : ", disabled") << ")\n";
    console.out << "  " << std::setw(6) << "line" << std::setw(9) << "matches" << std::setw(10)
                << "accepted" << std::setw(10) << "rejected"
                << "  label: pattern\n";
    for (const auto& p : set["patterns"]) {
      std::string shown = text::printable(p["pattern"].get<std::string>());
      if (shown.size() > 70) shown = shown.substr(0, 67) + "...";
      console.out << "  " << std::setw(6) << p["line"].get<int64_t>() << std::setw(9)
                  << p["matches"].get<int64_t>() << std::setw(10) << p["accepted"].get<int64_t>()
                  << std::setw(10) << p["rejected"].get<int64_t>() << "  "
                  << text::printable(p["label"].get<std::string>()) << ": " << shown << "\n";
    }
  }
  return kOk;
}

}  // namespace spanforge::cli
