#include "cli/rankcommand.h"

#include "active/modelregistration.h"
#include "active/poolranker.h"
#include "active/strategy.h"
#include "cli/batchproject.h"
#include "cli/ensembleoption.h"
#include "cli/interruptguard.h"
#include "cli/progressbar.h"
#include "cli/strategyoption.h"
#include "model/nermodel.h"
#include "store/documentcodec.h"
#include "store/projectstore.h"
#include "store/rankingrepository.h"
#include "text/printable.h"
#include "train/package/ensembleloader.h"
#include "train/package/modelpackage.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <limits>

namespace spanforge::cli {
namespace {

constexpr size_t kTableSnippet = 70;  // code points of text per table row

std::string joined(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& s : items) out += (out.empty() ? "" : ", ") + s;
  return out;
}

}  // namespace

CLI::App* RankCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "rank",
      "Rank a project's unlabelled documents by the model's uncertainty (active learning).");
  cmd->add_option("PROJECT", project_, "Project file")->required()->check(CLI::ExistingFile);
  cmd->add_option("MODEL_DIR", model_, "Model package directory")
      ->required()
      ->check(CLI::ExistingDirectory);
  addEnsembleOption(*cmd, members_);
  addStrategyOption(*cmd, strategy_, "How documents are ranked, most informative first:");
  cmd->add_option("--top", top_, "Documents to print; 0 = all")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->add_flag("--json", json_, "Print JSON instead of a table");
  cmd->add_flag("--diverse", diverse_,
                "Move near-duplicates of higher-ranked documents (token 3-gram Jaccard >= 0.7) "
                "below the others");
  cmd->add_option("--threads", threads_, "Threads predicting in parallel; 0 = one per core")
      ->check(CLI::Range(0, 1024));
  cmd->add_option("--seed", seed_, "Seed of the random strategy")->capture_default_str();
  return cmd;
}

int RankCommand::run(Console& console) {
  const auto strategy = *active::parseStrategy(strategy_);  // IsMember checked the name
  const train::ModelPackage package = train::EnsembleLoader::load(model_, members_);
  auto project = openForBatchWrites(project_);
  const int64_t modelId = active::ModelRegistration::ensure(*project, model_, package.info());

  active::PoolRankOptions options;
  options.strategy = strategy;
  options.seed = seed_;
  options.skipNearDuplicates = diverse_;
  options.threads = threads_;
  ProgressBar bar(console.err, console.errIsTerminal, "Ranking");
  options.progress = [&bar](const active::RankProgress& p) { bar.update(p.done, p.total); };
  const InterruptGuard interrupt;
  options.cancel = &interrupt.flag();
  const active::PoolRankResult result =
      active::PoolRanker(*project, package.model(), modelId).run(options);
  bar.finish();
  if (result.cancelled) {
    console.err << "Interrupted: no ranking was stored.\n";
    return kBadInput;
  }
  if (!result.missingLabels.empty()) {
    console.err << "warning: the project has no label "
                << text::printable(joined(result.missingLabels)) << ": " << result.unstoredSpans
                << " predicted span(s) with it were not stored (add the label to keep them)\n";
  }
  char summary[160];
  std::snprintf(summary, sizeof summary,
                "Ranked %lld unlabelled document(s) with %s in %.1fs (model id %lld)",
                static_cast<long long>(result.documents), result.strategy.c_str(), result.seconds,
                static_cast<long long>(modelId));
  console.err << summary;
  if (diverse_) console.err << "; " << result.nearDuplicates << " near-duplicate(s) moved down";
  console.err << ".\n";

  store::RankingRepository rankings(project->db());
  const int limit = top_ == 0 || top_ > std::numeric_limits<int>::max()
                        ? std::numeric_limits<int>::max()
                        : static_cast<int>(top_);
  const auto top = rankings.page(modelId, result.strategy, 0, limit);
  if (json_) {
    nlohmann::ordered_json j;
    j["model_id"] = modelId;
    j["model"] = package.path();
    j["strategy"] = result.strategy;
    j["documents"] = result.documents;
    j["near_duplicates"] = result.nearDuplicates;
    j["predicted_spans"] = result.predictedSpans;
    j["seconds"] = result.seconds;
    j["top"] = nlohmann::ordered_json::array();
    for (const auto& r : top) {
      j["top"].push_back({{"rank", r.rank},
                          {"document_id", r.document.id},
                          {"score", r.score},
                          {"text", r.document.snippet}});
    }
    console.out << j.dump(2) << "\n";
    return kOk;
  }
  if (top.empty()) {
    console.out << "No unlabelled documents to rank.\n";
    return kOk;
  }
  console.out << "  rank     score  document  text\n";
  for (const auto& r : top) {
    char row[64];
    std::snprintf(row, sizeof row, "%6lld  %8.4f  %8lld  ", static_cast<long long>(r.rank), r.score,
                  static_cast<long long>(r.document.id));
    std::string snippet = store::DocumentCodec::snippet(r.document.snippet, kTableSnippet);
    if (snippet.size() < r.document.snippet.size() || r.document.length > 120) snippet += "...";
    console.out << row << text::printable(snippet) << "\n";
  }
  return kOk;
}

}  // namespace spanforge::cli
