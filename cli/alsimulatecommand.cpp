#include "cli/alsimulatecommand.h"

#include "active/alsimulation.h"
#include "active/strategy.h"
#include "cli/interruptguard.h"
#include "cli/strategyoption.h"
#include "train/config/tomlconfig.h"
#include "train/data/corpusloader.h"

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include <cstdio>

namespace spanforge::cli {
namespace {

train::Corpus load(const std::string& path, std::ostream& err) {
  auto loaded = train::CorpusLoader::fromFile(path);
  constexpr size_t kShown = 5;
  for (size_t i = 0; i < loaded.warnings.size() && i < kShown; ++i)
    err << "warning: " << loaded.warnings[i] << "\n";
  if (loaded.skipped > 0)
    err << "warning: " << loaded.skipped << " record(s) of " << path << " left out\n";
  return std::move(loaded.corpus);
}

std::string row(const active::AlRound& r) {
  char buf[160];
  std::snprintf(buf, sizeof buf, "%5lld  %7.1f%%  %9lld  %6.2f  %6.2f  %6.2f  %6lld  %8.1f\n",
                static_cast<long long>(r.round), 100.0 * r.fraction,
                static_cast<long long>(r.sentences), 100.0 * r.test.precision,
                100.0 * r.test.recall, 100.0 * r.test.f1, static_cast<long long>(r.steps),
                r.trainSeconds + r.rankSeconds);
  return buf;
}

}  // namespace

CLI::App* AlSimulateCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "al-simulate",
      "Simulate active learning with gold labels: test F1 per labelled fraction for a strategy.");
  cmd->add_option("--train", train_, "Pool with gold labels (CoNLL, JSONL, ...)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--dev", dev_, "Dev data, for model selection in every round")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--test", test_, "Test data, scored after every round")
      ->required()
      ->check(CLI::ExistingFile);
  addStrategyOption(*cmd, strategy_, "How each round picks the sentences to label:");
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
  cmd->add_option("--max-minutes", maxMinutes_, "Stop each round's training after this long")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--json", json_, "Print the curve as JSON instead of a table");
  cmd->add_option("--seed", seed_, "Seed of the seed draw and the random strategy")
      ->capture_default_str();
  cmd->add_flag("--diverse", diverse_, "Skip near-duplicates when choosing each step");
  cmd->add_option("--threads", threads_, "Threads predicting and scoring; 0 = one per core")
      ->check(CLI::Range(0, 1024));
  cmd->add_option("--models-dir", modelsDir_,
                  "Keep every round's model package here (default: a temporary directory)");
  return cmd;
}

int AlSimulateCommand::run(Console& console) {
  train::TrainConfig config =
      config_.empty() ? train::TrainConfig{} : train::loadConfigFile(config_);
  if (maxMinutes_ >= 0) config.training.maxMinutes = maxMinutes_;
  train::validateConfig(config, "command line");

  active::AlSimulationOptions options;
  options.strategy = *active::parseStrategy(strategy_);  // IsMember checked the name
  options.seedFraction = seedFraction_;
  options.stepFraction = stepFraction_;
  options.rounds = rounds_;
  options.seed = seed_;
  options.skipNearDuplicates = diverse_;
  options.threads = threads_;
  options.workDir = modelsDir_;
  // The range check lets 0 through: say what is wrong in words.
  for (const auto& [value, name] :
       {std::pair{seedFraction_, "--seed-fraction"}, std::pair{stepFraction_, "--step-fraction"}}) {
    if (!(value > 0.0)) {
      console.err << "error: " << name << " must be more than 0 (a share of the pool, up to 1)\n";
      return kBadInput;
    }
  }

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
  console.err << "Pool: " << pool.size() << " sentences, dev: " << dev.size()
              << ", test: " << test.size() << "; strategy " << strategy_ << "\n";

  const InterruptGuard interrupt;
  options.cancel = &interrupt.flag();
  const bool table = !json_;
  options.onRoundStart = [&console](int64_t round, int64_t sentences) {
    console.err << "Round " << round << ": training on " << sentences << " sentences\n";
  };
  active::AlSimulation simulation(std::move(config), std::move(pool), std::move(dev),
                                  std::move(test), options);
  if (table) console.out << "round  labelled  sentences  test P  test R  test F   steps  seconds\n";
  simulation.onRound = [&console, table](const active::AlRound& r) {
    if (table) console.out << row(r) << std::flush;
  };
  const active::AlSimulationResult result = simulation.run();

  if (json_) {
    nlohmann::ordered_json j;
    j["strategy"] = strategy_;
    j["seed_fraction"] = seedFraction_;
    j["step_fraction"] = stepFraction_;
    j["seed"] = seed_;
    j["pool_sentences"] = result.poolSentences;
    j["seed_sentences"] = result.seedSentences;
    j["step_sentences"] = result.stepSentences;
    j["cancelled"] = result.cancelled;
    j["seconds"] = result.seconds;
    j["rounds"] = nlohmann::ordered_json::array();
    for (const auto& r : result.rounds) {
      j["rounds"].push_back({{"round", r.round},
                             {"fraction", r.fraction},
                             {"sentences", r.sentences},
                             {"words", r.words},
                             {"entities", r.entities},
                             {"p", r.test.precision},
                             {"r", r.test.recall},
                             {"f", r.test.f1},
                             {"dev_f", r.devF1},
                             {"steps", r.steps},
                             {"finish_reason", r.finishReason},
                             {"train_seconds", r.trainSeconds},
                             {"rank_seconds", r.rankSeconds}});
    }
    console.out << j.dump(2) << "\n";
  }
  char done[96];
  std::snprintf(done, sizeof done, "%s after %zu round(s) in %.1fs.\n",
                result.cancelled ? "Interrupted" : "Finished", result.rounds.size(),
                result.seconds);
  console.err << done;
  return result.cancelled && result.rounds.empty() ? kBadInput : kOk;
}

}  // namespace spanforge::cli
