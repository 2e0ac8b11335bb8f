#include "cli/evaluatecommand.h"

#include "cli/ensembleoption.h"
#include "model/computethreads.h"
#include "model/nermodel.h"
#include "text/printable.h"
#include "train/data/corpusloader.h"
#include "train/device/parallelfor.h"
#include "train/eval/evaluator.h"
#include "train/package/ensembleloader.h"
#include "train/package/modelpackage.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>
#include <optional>

namespace spanforge::cli {

CLI::App* EvaluateCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "evaluate", "Score a model package on labelled data (entity-level exact match).");
  cmd->add_option("MODEL_DIR", model_, "Model package directory")
      ->required()
      ->check(CLI::ExistingDirectory);
  addEnsembleOption(*cmd, members_);
  cmd->add_option("DATA_FILE", data_, "Gold data (CoNLL, JSONL, ...)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_flag("--json", json_, "Print JSON instead of a table");
  cmd->add_option("--threads", threads_, "Threads predicting in parallel; 0 = one per core")
      ->check(CLI::Range(0, 1024));
  return cmd;
}

int EvaluateCommand::run(Console& console) {
  model::ComputeThreads::apply(1);  // parallel across batches instead (see ParallelFor)
  train::ModelPackage package = train::EnsembleLoader::load(model_, members_);
  const train::LoadedCorpus data = train::CorpusLoader::fromFile(data_);
  for (const auto& w : data.warnings) console.err << "warning: " << w << "\n";
  model::NerModel& model = package.model();
  const train::Evaluator evaluator(data.corpus, model, train::ParallelFor::resolve(threads_));
  train::EvaluationResult r = evaluator.evaluate(model);
  r.seconds += evaluator.featurizeSeconds();
  r.wordsPerSecond = r.seconds > 0 ? static_cast<double>(r.words) / r.seconds : 0.0;
  // Calibrated scores: also how they were before (spans are the same).
  const double temperature = model.temperature();
  std::optional<train::CalibrationReport> uncalibrated;
  if (temperature != 1.0) uncalibrated = evaluator.uncalibrated(model);

  if (json_) {
    nlohmann::json j = r.report;
    nlohmann::json calibration = r.calibration;
    calibration["temperature"] = temperature;
    calibration["uncalibrated"] = uncalibrated ? nlohmann::json(*uncalibrated) : nlohmann::json();
    j["calibration"] = std::move(calibration);
    j["words_per_second"] = r.wordsPerSecond;
    j["words"] = r.words;
    j["seconds"] = r.seconds;
    j["skipped"] = data.skipped;
    console.out << j.dump(2) << "\n";
    return kOk;
  }
  char line[160];
  auto row = [&](const std::string& label, const train::PrfScores& s) {
    std::snprintf(line, sizeof line, "%-20s %7.2f %7.2f %7.2f %8lld\n",
                  text::printable(label).c_str(), 100.0 * s.precision, 100.0 * s.recall,
                  100.0 * s.f1, static_cast<long long>(s.support));
    console.out << line;
  };
  std::snprintf(line, sizeof line, "%-20s %7s %7s %7s %8s\n", "label", "P", "R", "F", "support");
  console.out << line << std::string(53, '-') << "\n";
  for (const auto& [label, s] : r.report.perLabel) row(label, s);
  console.out << std::string(53, '-') << "\n";
  row("overall (micro)", r.report.overall);
  row("macro", r.report.macro);
  if (const auto acc = r.report.tokenAccuracy()) {
    std::snprintf(line, sizeof line, "token accuracy %.2f%%\n", 100.0 * *acc);
    console.out << line;
  }
  const auto& e = r.report.errors;
  console.out << "errors: " << e.wrongType << " wrong type, " << e.wrongBoundary
              << " wrong boundary, " << e.wrongBoundaryType << " wrong boundary and type, "
              << e.missed << " missed, " << e.spurious << " spurious\n";
  std::snprintf(line, sizeof line,
                "span scores: ECE %.3f over %lld spans (%.3f by chance alone; temperature %.3g",
                r.calibration.ece, static_cast<long long>(r.calibration.spans),
                r.calibration.chanceEce, temperature);
  console.out << line;
  if (uncalibrated) {
    std::snprintf(line, sizeof line, "; %.3f uncalibrated", uncalibrated->ece);
    console.out << line;
  }
  console.out << ")\n";
  std::snprintf(line, sizeof line, "%lld sentences, %lld words, %.0f words/s\n",
                static_cast<long long>(r.sentences), static_cast<long long>(r.words),
                r.wordsPerSecond);
  console.out << line;
  return kOk;
}

}  // namespace spanforge::cli
