#include "cli/traincommand.h"

#include "cli/interruptguard.h"
#include "cli/jsonleventlog.h"
#include "cli/outputchecks.h"
#include "cli/traintableprinter.h"
#include "io/inputerror.h"
#include "model/vectors.h"
#include "store/projectstore.h"
#include "train/config/tomlconfig.h"
#include "train/config/transformerrecipe.h"
#include "train/config/vectorsrecipe.h"
#include "train/data/corpusloader.h"
#include "train/device/computedevice.h"
#include "train/device/processcount.h"
#include "train/distributed/localgroup.h"
#include "train/distributed/processgroup.h"
#include "train/distributed/rankjob.h"
#include "train/distributed/workerexecutable.h"
#include "train/package/modelpackage.h"
#include "train/trainer.h"

#include <CLI/CLI.hpp>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>

namespace spanforge::cli {
namespace {

void printWarnings(std::ostream& err, const std::vector<std::string>& warnings, int64_t skipped) {
  constexpr size_t kShown = 10;
  for (size_t i = 0; i < warnings.size() && i < kShown; ++i)
    err << "warning: " << warnings[i] << "\n";
  if (warnings.size() > kShown) err << "warning: ... " << warnings.size() - kShown << " more\n";
  if (skipped > 0) err << "warning: " << skipped << " document(s) left out of the data\n";
}

// Where ranks other than 0 send what rank 0 already says.
std::ostream& nullStream() {
  static std::ostream null(nullptr);
  return null;
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
  cmd->add_option("--nproc", nproc_,
                  "Data-parallel training processes on this machine (overrides [device] "
                  "processes; 0 = one per physical core or GPU)")
      ->check(CLI::Range(0, 1024));
  cmd->add_option("--max-minutes", maxMinutes_, "Stop after this many minutes")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--resume-from", resumeFrom_,
                  "Continue from a model package (keeps its labels, adds new ones)")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--init-from", initFrom_,
                  "Start a new model from pretrained weights (a `pretrain` output folder; "
                  "sets model.pretrained)")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--vectors", vectors_, "Pretrained word vectors (GloVe/word2vec/fastText text)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--transformer", transformer_,
                  "Fine-tune a pretrained transformer from this Hugging Face model folder "
                  "(config.json, tokenizer files, model.safetensors)")
      ->check(CLI::ExistingDirectory)
      ->excludes("--vectors");
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
  if (nproc_ >= 0) config.device.processes = nproc_;
  if (!vectors_.empty()) train::applyVectorsRecipe(config, vectors_);
  if (!transformer_.empty())
    train::applyTransformerRecipe(
        config, std::filesystem::absolute(transformer_).lexically_normal().string());
  if (!initFrom_.empty()) config.model.pretrained = initFrom_;
  train::validateConfig(config, "command line");
  // Nothing written may be or destroy what is read; checked before either happens.
  const OutputChecks::Inputs inputs = {{train_, "the training data"},
                                       {dev_, "the dev data"},
                                       {test_, "the test data"},
                                       {config_, "the config"},
                                       {config.model.vectors, "the vectors"},
                                       {config.model.pretrained, "the pretrained weights"},
                                       {config.model.transformer, "the transformer model folder"},
                                       {resumeFrom_, "the package resumed from"}};
  OutputChecks::folder(output_, "--output", project_, inputs);
  if (!logJsonl_.empty())
    OutputChecks::file(logJsonl_, "--log-jsonl", project_, inputs,
                       {{resumeFrom_, "the package resumed from"},
                        {config.model.pretrained, "the pretrained weights"}},
                       output_);

  // torchrun started this process as one rank of a job; else it may start its own.
  const auto env = train::RankEnvironment::fromEnvironment();
  const bool leader = !env || env->rank == 0;
  std::ostream& info = leader ? console.err : nullStream();

  train::TrainerOptions options;
  train::Corpus trainData, devData;
  if (!project_.empty()) {
    auto project = store::ProjectStore::open(project_, store::ProjectStore::Access::ReadOnly);
    auto data = train::CorpusLoader::fromProject(*project, config.data);
    printWarnings(info, data.warnings, data.skipped);
    trainData = std::move(data.train);
    devData = std::move(data.dev);
    options.test = std::move(data.test);
    options.trainSource = project_;
    options.devSource = project_ + (data.devFromSplit ? " (split dev)" : " (seeded dev draw)");
  } else {
    auto t = train::CorpusLoader::fromFile(train_);
    printWarnings(info, t.warnings, t.skipped);
    auto d = train::CorpusLoader::fromFile(dev_);
    printWarnings(info, d.warnings, d.skipped);
    trainData = std::move(t.corpus);
    devData = std::move(d.corpus);
    options.trainSource = train_;
    options.devSource = dev_;
    if (!test_.empty()) {
      auto x = train::CorpusLoader::fromFile(test_);
      printWarnings(info, x.warnings, x.skipped);
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

  info << "Train: " << describe(trainData) << "\nDev:   " << describe(devData) << "\n";
  if (!options.test.empty()) info << "Test:  " << describe(options.test) << "\n";
  const auto trainLabels = trainData.labels();
  for (const auto& l : devData.labels())
    if (!std::binary_search(trainLabels.begin(), trainLabels.end(), l) && resumeFrom_.empty())
      info << "warning: dev label \"" << l << "\" never occurs in the training data\n";
  if (!resumeFrom_.empty()) {
    info << "Resuming from " << resumeFrom_ << " (its [model] settings and vectors)\n";
  } else if (!config.model.vectors.empty()) {
    // Read here so that a bad file is reported before anything else happens.
    options.vectors =
        std::make_shared<const model::Vectors>(model::Vectors::load(config.model.vectors));
    info << "Vectors: " << options.vectors->size() << " x " << options.vectors->dim() << " from "
         << config.model.vectors << "\n";
  }

  const int processes =
      env ? env->worldSize
          : train::resolveProcesses(config.device.processes,
                                    train::ComputeDevice::resolve(config.device.device));
  std::unique_ptr<train::ProcessGroup> joined;
  std::unique_ptr<train::LocalGroup> local;
  if (env && env->worldSize > 1) {
    joined = std::make_unique<train::ProcessGroup>(*env, train::LocalGroup::kTimeout);
    joined->connect();
    options.group = joined.get();
  } else if (processes > 1) {
    console.err << "Processes: " << processes << " (data-parallel, c10d over Gloo)\n";
    local = std::make_unique<train::LocalGroup>(train::workerExecutable(), processes,
                                                train::RankJob{config, trainData, resumeFrom_});
    options.group = &local->group();
  }

  const bool progress = console.errIsTerminal && leader;
  std::unique_ptr<JsonlEventLog> log;
  TrainTablePrinter printer(console.out, console.err, progress, config.training.evalFrequency);
  if (!logJsonl_.empty()) log = std::make_unique<JsonlEventLog>(logJsonl_, &printer);
  options.observer = log ? static_cast<train::TrainingObserver*>(log.get()) : &printer;
  if (!leader) options.observer = nullptr;  // rank 0 reports
  options.resumeFrom = resumeFrom_;
  // Ctrl-C ends training between batches and keeps the best model so far.
  const InterruptGuard interrupt;
  options.cancel = &interrupt.flag();

  train::Trainer trainer(config, std::move(trainData), std::move(devData), output_,
                         std::move(options));
  if (leader) printer.printHeader();
  const train::FinishedEvent result = trainer.run();
  std::string why;
  if (local && result.reason == train::FinishReason::Failed) why = local->failures();
  if (local) local->finish();

  if (result.reason == train::FinishReason::Failed) {
    console.err << "error: training failed: " << result.message
                << (why.empty() ? "" : " (" + why + ")") << "\n";
    if (trainer.failure() == train::FailureKind::Internal) return kInternalError;
    return kBadInput;
  }
  if (!leader) return kOk;
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
