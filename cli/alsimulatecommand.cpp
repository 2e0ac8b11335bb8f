#include "cli/alsimulatecommand.h"

#include "active/alexperiment.h"
#include "active/alsimulationjson.h"
#include "active/strategy.h"
#include "cli/alsimulationreport.h"
#include "cli/interruptguard.h"
#include "cli/outputchecks.h"
#include "cli/strategyoption.h"
#include "text/printable.h"
#include "train/config/tomlconfig.h"
#include "train/data/corpusloader.h"
#include "train/pretrain/pretrainer.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>

namespace spanforge::cli {
namespace {

train::Corpus load(const std::string& path, std::ostream& err) {
  auto loaded = train::CorpusLoader::fromFile(path);
  constexpr size_t kShown = 5;
  for (size_t i = 0; i < loaded.warnings.size() && i < kShown; ++i)
    err << "warning: " << text::printable(loaded.warnings[i]) << "\n";
  if (loaded.skipped > 0)
    err << "warning: " << loaded.skipped << " record(s) of " << path << " left out\n";
  return std::move(loaded.corpus);
}

// The ids in table order without repeats; "all" is every strategy.
std::vector<active::Strategy> chosenStrategies(const std::vector<std::string>& ids) {
  std::vector<active::Strategy> out;
  for (const auto& id : ids) {
    const auto add = id == "all" ? active::allStrategies()
                                 : std::vector<active::Strategy>{*active::parseStrategy(id)};
    for (const auto s : add)
      if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  }
  return out;
}

// "Seed 0, margin round 3" (no round for the full-data training), as the log names a round.
std::string roundName(uint64_t seed, const std::string& curve, int64_t round) {
  return "Seed " + std::to_string(seed) + ", " + curve +
         (round > 0 ? " round " + std::to_string(round) : std::string());
}

}  // namespace

CLI::App* AlSimulateCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "al-simulate",
      "Simulate active learning with gold labels: test F1 per labelled fraction for each "
      "strategy and seed, their mean and the labels needed for 95%/99% of full-data F1.");
  cmd->add_option("--train", train_, "Pool with gold labels (CoNLL, JSONL, ...)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--dev", dev_, "Dev data, for model selection in every round")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--test", test_, "Test data, scored after every round")
      ->required()
      ->check(CLI::ExistingFile);
  addStrategiesOption(*cmd, strategies_,
                      "How each round picks the sentences to label (several comma-separated, "
                      "or all):");
  cmd->add_option("--seed", seeds_,
                  "Seeds (comma-separated): each draws its own seed set and trains its own "
                  "models; the summary is their mean")
      ->delimiter(',')
      ->capture_default_str();
  cmd->add_option("--seed-fraction", seedFraction_, "Share of the pool labelled at random first")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--step-fraction", stepFraction_, "Share of the pool added every round")
      ->check(CLI::Range(0.0, 1.0))
      ->capture_default_str();
  cmd->add_option("--rounds", rounds_, "Trainings (curve points); 0 = until the pool is used up")
      ->check(CLI::NonNegativeNumber)
      ->capture_default_str();
  cmd->add_option("--config", config_, "Training config (TOML; see init-config)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--max-steps", maxSteps_, "Stop each training after this many steps")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--max-epochs", maxEpochs_, "Stop each training after this many epochs")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--max-minutes", maxMinutes_,
                  "Also stop each training after this long (wall clock: curves then depend on "
                  "the machine's load)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--full-f1", fullF1_,
                  "Full-data test F1 (0-1) to compare with, instead of training on the whole "
                  "pool once per seed")
      ->check(CLI::Range(0.0, 1.0));
  cmd->add_flag("--json", json_, "Print the curves and summary as JSON instead of tables");
  cmd->add_flag("--diverse", diverse_, "Skip near-duplicates when choosing each step");
  cmd->add_flag("--pretrain", pretrain_,
                "First pretrain on the texts of the pool and the dev set ([pretraining]); every "
                "seed round and full-data training starts from those weights");
  cmd->add_option("--retrain", retrain_,
                  "Where each round after the first starts: warm (the previous round's weights), "
                  "scratch (random weights) or pretrained (the weights of a pretraining, as with "
                  "--pretrain, each round afresh); default: scratch, or pretrained with "
                  "--pretrain or the config's model.pretrained")
      ->check(CLI::IsMember({"warm", "scratch", "pretrained"}));
  cmd->add_flag("--resume", resume_,
                "Continue an interrupted run: rounds whose packages are already in "
                "--models-dir (same data, config and seed) are not trained again, nor, with "
                "rounds afresh, those in its rounds.jsonl");
  cmd->add_option("--threads", threads_, "Threads predicting and scoring; 0 = one per core")
      ->check(CLI::Range(0, 1024));
  cmd->add_option("--models-dir", modelsDir_,
                  "Keep every model package here, under seed-N/ with several seeds (default: a "
                  "temporary directory)");
  return cmd;
}

int AlSimulateCommand::run(Console& console) {
  train::TrainConfig config =
      config_.empty() ? train::TrainConfig{} : train::loadConfigFile(config_);
  if (maxSteps_ > 0) config.training.maxSteps = maxSteps_;
  if (maxEpochs_ > 0) config.training.maxEpochs = maxEpochs_;
  if (maxMinutes_ >= 0) config.training.maxMinutes = maxMinutes_;
  train::validateConfig(config, "command line");
  // The range checks let 0 through: say what is wrong in words.
  for (const auto& [value, name] :
       {std::pair{seedFraction_, "--seed-fraction"}, std::pair{stepFraction_, "--step-fraction"}}) {
    if (!(value > 0.0)) {
      console.err << "error: " << name << " must be more than 0 (a share of the pool, up to 1)\n";
      return kBadInput;
    }
  }
  if (fullF1_ == 0.0) {
    console.err << "error: --full-f1 must be more than 0 (a test F1 between 0 and 1)\n";
    return kBadInput;
  }
  const bool pretrained = pretrain_ || !config.model.pretrained.empty();
  if (retrain_.empty()) retrain_ = active::toString(active::defaultAlRetrain(pretrained));
  if (retrain_ == "scratch" && pretrained) {
    console.err << "error: --retrain scratch starts every round from random weights, but "
                << (pretrain_ ? "--pretrain is" : "the config's model.pretrained is")
                << " set: use --retrain pretrained\n";
    return kBadInput;
  }
  std::vector<uint64_t> seeds;
  for (uint64_t s : seeds_)
    if (std::find(seeds.begin(), seeds.end(), s) == seeds.end()) seeds.push_back(s);

  active::AlSimulationOptions options;
  options.strategies = chosenStrategies(strategies_);
  options.seedFraction = seedFraction_;
  options.stepFraction = stepFraction_;
  options.rounds = rounds_;
  options.skipNearDuplicates = diverse_;
  options.threads = threads_;
  options.fullData = fullF1_ < 0;
  options.reuseKept = resume_;
  if (resume_ && modelsDir_.empty()) {
    console.err << "error: --resume needs --models-dir (where the interrupted run kept its "
                   "packages)\n";
    return kBadInput;
  }

  // Round packages are written (and replaced) under --models-dir: no input may lie there.
  if (!modelsDir_.empty())
    OutputChecks::folder(modelsDir_, "--models-dir", "",
                         {{train_, "the pool"},
                          {dev_, "the dev data"},
                          {test_, "the test data"},
                          {config_, "the config"},
                          {config.model.vectors, "the vectors"},
                          {config.model.transformer, "the transformer model folder"}});
  train::Corpus pool = load(train_, console.err);
  train::Corpus dev = load(dev_, console.err);
  train::Corpus test = load(test_, console.err);
  for (const auto& [corpus, path] :
       {std::pair{&pool, &train_}, std::pair{&dev, &dev_}, std::pair{&test, &test_}}) {
    if (corpus->empty()) {
      console.err << "error: " << *path << " has no labelled sentences\n";
      return kBadInput;
    }
  }
  std::string names;
  for (const auto s : options.strategies)
    names += std::string(names.empty() ? "" : ", ") + active::toString(s);
  console.err << "Pool: " << pool.size() << " sentences, dev: " << dev.size()
              << ", test: " << test.size() << "; strategies " << names << "; " << seeds.size()
              << " seed(s)\n";
  if (config.training.maxMinutes > 0)
    console.err << "warning: training.max_minutes is set: each training stops by the clock, so "
                   "the curves depend on the machine's load\n";

  const InterruptGuard interrupt;
  options.cancel = &interrupt.flag();
  active::AlExperimentOptions experiment;
  experiment.simulation = options;
  experiment.seeds = seeds;
  experiment.retrain = *active::parseAlRetrain(retrain_);  // checked by CLI11
  // --retrain pretrained pretrains as --pretrain does, unless the config names weights.
  experiment.pretrain = pretrain_ || (experiment.retrain == active::AlRetrain::Pretrained &&
                                      config.model.pretrained.empty());
  experiment.modelsDir = modelsDir_;
  if (fullF1_ > 0) experiment.fullF1 = fullF1_;
  experiment.onPretrainStart = [&console](int64_t sentences) {
    console.err << "Pretraining on " << sentences << " sentences of the pool and dev set\n";
  };
  experiment.onPretrained = [&console](const train::PretrainResult& r) {
    char line[192];
    if (r.kept)
      std::snprintf(line, sizeof line,
                    "Pretraining: reused the weights kept by an earlier run (%lld steps, held-out "
                    "loss %.4f)\n",
                    static_cast<long long>(r.steps), r.heldOutLoss);
    else if (r.resumedFrom > 0)
      std::snprintf(line, sizeof line,
                    "Pretrained %lld steps in %.1fs, resumed after step %lld of an earlier run: "
                    "held-out loss %.4f\n",
                    static_cast<long long>(r.steps), r.seconds,
                    static_cast<long long>(r.resumedFrom), r.heldOutLoss);
    else
      std::snprintf(line, sizeof line, "Pretrained %lld steps in %.1fs: held-out loss %.4f\n",
                    static_cast<long long>(r.steps), r.seconds, r.heldOutLoss);
    if (!r.outputDir.empty()) console.err << line;
  };
  experiment.onRoundStart = [&console](uint64_t seed, const std::string& curve, int64_t round,
                                       int64_t sentences) {
    console.err << roundName(seed, curve, round) << ": training on " << sentences << " sentences\n";
  };
  const bool table = !json_;
  experiment.onRound = [&console, table](uint64_t seed, const std::string& curve,
                                         const active::AlRound& r) {
    const std::string name = roundName(seed, curve, r.round);
    if (r.reused) console.err << name << ": reused the package kept by an earlier run\n";
    if (r.recorded) console.err << name << ": taken from the rounds log of an earlier run\n";
    if (table) {
      console.out << AlSimulationReport::row(seed, curve, r) << std::flush;
    } else {
      // --json prints at the end: the log says how each round of a long run went.
      char line[160];
      std::snprintf(line, sizeof line, ": test F1 %.2f (P %.2f, R %.2f), %lld steps, %.1fs\n",
                    100.0 * r.test.f1, 100.0 * r.test.precision, 100.0 * r.test.recall,
                    static_cast<long long>(r.steps), r.trainSeconds + r.rankSeconds);
      console.err << name << line;
    }
  };
  if (table) console.out << AlSimulationReport::header() << std::flush;
  // A failed pretraining or round throws train::TrainingError: CliApp says why.
  const active::AlExperimentResult result =
      active::AlExperiment(config, std::move(pool), std::move(dev), std::move(test), experiment)
          .run();
  if (experiment.pretrain && result.runs.empty()) {
    console.err << "Interrupted while pretraining.\n";
    return kBadInput;
  }
  if (json_)
    console.out << active::AlSimulationJson::write(config, experiment, result) << "\n";
  else
    console.out << AlSimulationReport::summary(result.summary);
  const size_t rounds = result.points();
  char done[128];
  std::snprintf(done, sizeof done, "%s after %zu seed(s), %zu curve point(s) in %.1fs.\n",
                result.cancelled ? "Interrupted" : "Finished", result.runs.size(), rounds,
                result.seconds);
  console.err << done;
  return result.cancelled && rounds == 0 ? kBadInput : kOk;
}

}  // namespace spanforge::cli
