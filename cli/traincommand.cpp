#include "cli/traincommand.h"

#include "cli/jsonleventlog.h"
#include "cli/traintableprinter.h"
#include "io/inputerror.h"
#include "model/vectors.h"
#include "store/projectstore.h"
#include "train/config/tomlconfig.h"
#include "train/data/corpusloader.h"
#include "train/package/modelpackage.h"
#include "train/trainer.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <atomic>
#include <csignal>
#include <cstdio>
#include <memory>

namespace spanforge::cli {
namespace {

// Ctrl-C ends training between batches and keeps the best model so far.
std::atomic<bool> gInterrupted{false};
extern "C" void onInterrupt(int) { gInterrupted.store(true); }

void printWarnings(std::ostream& err, const std::vector<std::string>& warnings, int64_t skipped) {
  constexpr size_t kShown = 10;
  for (size_t i = 0; i < warnings.size() && i < kShown; ++i)
    err << "warning: " << warnings[i] << "\n";
  if (warnings.size() > kShown) err << "warning: ... " << warnings.size() - kShown << " more\n";
  if (skipped > 0) err << "warning: " << skipped << " document(s) left out of the data\n";
}

std::string describe(const train::Corpus& c) {
  return std::to_string(c.size()) + " sentences, " + std::to_string(c.words()) + " words, " +
         std::to_string(c.entities()) + " entities";
}

}  // namespace

CLI::App* TrainCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "train", "Train an NER model on a project's accepted documents or on train/dev files.");
  auto* project = cmd->add_option("PROJECT", project_, "Project file (its accepted documents)")
                      ->check(CLI::ExistingFile);
  auto* train = cmd->add_option("--train", train_, "Training data file (CoNLL, JSONL, ...)")
                    ->check(CLI::ExistingFile);
  auto* dev = cmd->add_option("--dev", dev_, "Dev data file, evaluated during training")
                  ->check(CLI::ExistingFile);
  cmd->add_option("--test", test_, "Optional test file scored once with the final model")
      ->check(CLI::ExistingFile);
  project->excludes(train)->excludes(dev);
  train->needs(dev);
  dev->needs(train);
  cmd->add_option("--output", output_, "Model package directory to write")->required();
  cmd->add_option("--config", config_, "Training config (TOML; see init-config)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--device", device_, "auto, cpu, cuda or cuda:N (overrides the config)");
  cmd->add_option("--threads", threads_, "CPU threads; 0 = the fastest default")
      ->check(CLI::Range(0, 1024));
  cmd->add_option("--max-minutes", maxMinutes_, "Stop after this many minutes")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--resume-from", resumeFrom_,
                  "Continue from a model package (keeps its labels, adds new ones)")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--vectors", vectors_, "Pretrained word vectors (GloVe/word2vec/fastText text)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--log-jsonl", logJsonl_, "Write every training event to this JSONL file");
  return cmd;
}

int TrainCommand::run(Console& console) {
  if (project_.empty() && train_.empty()) {
    console.err << "error: give a PROJECT or --train FILE --dev FILE\nRun with --help for usage.\n";
    return kBadInput;
  }
  train::TrainConfig config =
      config_.empty() ? train::TrainConfig{} : train::loadConfigFile(config_);
  if (!device_.empty()) config.device.device = device_;
  if (threads_ >= 0) config.device.threads = threads_;
  if (maxMinutes_ >= 0) config.training.maxMinutes = maxMinutes_;
  if (!vectors_.empty()) config.model.vectors = vectors_;
  train::validateConfig(config, "command line");

  train::TrainerOptions options;
  train::Corpus trainData, devData;
  if (!project_.empty()) {
    auto project = store::ProjectStore::open(project_);
    auto data = train::CorpusLoader::fromProject(*project, config.data);
    printWarnings(console.err, data.warnings, data.skipped);
    trainData = std::move(data.train);
    devData = std::move(data.dev);
    options.test = std::move(data.test);
    options.trainSource = project_;
    options.devSource = project_ + (data.devFromSplit ? " (split dev)" : " (seeded dev draw)");
  } else {
    auto t = train::CorpusLoader::fromFile(train_);
    printWarnings(console.err, t.warnings, t.skipped);
    auto d = train::CorpusLoader::fromFile(dev_);
    printWarnings(console.err, d.warnings, d.skipped);
    trainData = std::move(t.corpus);
    devData = std::move(d.corpus);
    options.trainSource = train_;
    options.devSource = dev_;
    if (!test_.empty()) {
      auto x = train::CorpusLoader::fromFile(test_);
      printWarnings(console.err, x.warnings, x.skipped);
      options.test = std::move(x.corpus);
    }
  }
  // Fail fast, before building a model: these are the user's to fix.
  try {
    train::Trainer::validateData(config, trainData, devData);
  } catch (const std::exception& e) {
    console.err << "error: " << e.what() << "\n";
    return kBadInput;
  }
  train::ModelPackage::checkReplaceable(output_);

  console.err << "Train: " << describe(trainData) << "\nDev:   " << describe(devData) << "\n";
  if (!options.test.empty()) console.err << "Test:  " << describe(options.test) << "\n";
  const auto trainLabels = trainData.labels();
  for (const auto& l : devData.labels())
    if (!std::binary_search(trainLabels.begin(), trainLabels.end(), l) && resumeFrom_.empty())
      console.err << "warning: dev label \"" << l << "\" never occurs in the training data\n";
  if (!resumeFrom_.empty()) {
    console.err << "Resuming from " << resumeFrom_ << " (its [model] settings and vectors)\n";
  } else if (!config.model.vectors.empty()) {
    // Read here so that a bad file is reported before anything else happens.
    options.vectors =
        std::make_shared<const model::Vectors>(model::Vectors::load(config.model.vectors));
    console.err << "Vectors: " << options.vectors->size() << " x " << options.vectors->dim()
                << " from " << config.model.vectors << "\n";
  }

  const bool progress = console.errIsTerminal;
  std::unique_ptr<JsonlEventLog> log;
  TrainTablePrinter printer(console.out, console.err, progress, config.training.evalFrequency);
  if (!logJsonl_.empty()) log = std::make_unique<JsonlEventLog>(logJsonl_, &printer);
  options.observer = log ? static_cast<train::TrainingObserver*>(log.get()) : &printer;
  options.resumeFrom = resumeFrom_;
  gInterrupted.store(false);
  options.cancel = &gInterrupted;

  train::Trainer trainer(config, std::move(trainData), std::move(devData), output_,
                         std::move(options));
  printer.printHeader();
  const auto previous = std::signal(SIGINT, onInterrupt);
  const train::FinishedEvent result = trainer.run();
  std::signal(SIGINT, previous == SIG_ERR ? SIG_DFL : previous);

  if (result.reason == train::FinishReason::Failed) {
    console.err << "error: training failed: " << result.message << "\n";
    if (trainer.failure() == train::FailureKind::Internal) return kInternalError;
    return kBadInput;
  }
  console.err << "Finished: " << result.message << ".\n";
  if (!result.modelPath.empty()) {
    const auto info = train::ModelPackage::readInfo(result.modelPath);
    char line[64];
    std::snprintf(line, sizeof line, "Test F1 of the model written: %.2f%%\n",
                  100.0 * info.testF1.value_or(0.0));
    if (info.testF1) console.err << line;
  }
  // Interrupted before the first evaluation: there is no model to show for it.
  return result.modelPath.empty() ? kBadInput : kOk;
}

}  // namespace spanforge::cli
