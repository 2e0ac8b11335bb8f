#include "train/package/modelcard.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <sstream>

namespace spanforge::train {
namespace {

std::string percent(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f", 100.0 * x);
  return buf;
}

double number(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_number() ? it->get<double>() : 0.0;
}

// One "| name | P | R | F | support |" row from an EvaluationReport's JSON.
void scoreRow(std::ostream& out, const std::string& name, const nlohmann::json& s, const char* p,
              const char* r, const char* f, const char* support) {
  out << "| " << name << " | " << percent(number(s, p)) << " | " << percent(number(s, r)) << " | "
      << percent(number(s, f)) << " | " << static_cast<int64_t>(number(s, support)) << " |\n";
}

void scoreTable(std::ostream& out, const nlohmann::json& report) {
  out << "| label | precision | recall | F1 | support |\n|---|---:|---:|---:|---:|\n";
  scoreRow(out, "**all entities**", report, "ents_p", "ents_r", "ents_f", "ents_support");
  const auto perLabel = report.find("per_label");
  if (perLabel == report.end() || !perLabel->is_object()) return;
  for (const auto& [label, s] : perLabel->items())
    scoreRow(out, label, s, "p", "r", "f", "support");
}

}  // namespace

std::string ModelCard::markdown(const PackageInfo& info, const std::string& configToml,
                                const std::string& exported) {
  std::ostringstream out;
  out << "# Spanforge NER model\n\n";
  out << "Named-entity recognition model trained with Spanforge " << info.spanforgeVersion
      << " (package format " << info.formatVersion << ").\n\n";
  out << "- Created: " << info.created << "\n";
  if (!exported.empty()) out << "- Exported: " << exported << "\n";
  out << "- Labels (" << info.labels.size() << "): ";
  for (size_t i = 0; i < info.labels.size(); ++i) out << (i ? ", " : "") << info.labels[i];
  out << "\n- Tag scheme: " << info.tagScheme << "\n\n";

  out << "## Data\n\n| set | sentences | words | entities | source |\n|---|---:|---:|---:|---|\n";
  out << "| train | " << info.trainSentences << " | " << info.trainWords << " | "
      << info.trainEntities << " | " << info.trainSource << " |\n";
  out << "| dev | " << info.devSentences << " | " << info.devWords << " | " << info.devEntities
      << " | " << info.devSource << " |\n\n";

  out << "## Training\n\n" << info.steps << " steps, " << info.epochs << " epochs, ";
  char seconds[32];
  std::snprintf(seconds, sizeof seconds, "%.0f", info.trainingSeconds);
  out << seconds << " s; ended: " << info.finishReason << ". The model is the one that scored best "
      << "on dev, at step " << info.bestStep << ".\n";
  if (!info.resumedFrom.empty()) out << "Continued from " << info.resumedFrom << ".\n";

  // Entity-level exact match, in percent.
  const auto metrics = nlohmann::json::parse(info.metricsJson, nullptr, false);
  for (const char* set : {"dev", "test"}) {
    if (!metrics.is_object() || !metrics.contains(set) || !metrics[set].is_object()) continue;
    out << "\n## Scores on " << set << " (entity-level exact match, %)\n\n";
    scoreTable(out, metrics[set]);
  }

  out << "\n## Config\n\n```toml\n" << configToml;
  if (!configToml.empty() && configToml.back() != '\n') out << "\n";
  out << "```\n";
  return out.str();
}

}  // namespace spanforge::train
