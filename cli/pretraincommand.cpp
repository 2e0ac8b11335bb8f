#include "cli/pretraincommand.h"

#include "cli/interruptguard.h"
#include "cli/outputchecks.h"
#include "cli/progressbar.h"
#include "store/projectstore.h"
#include "train/config/tomlconfig.h"
#include "train/pretrain/pretrainer.h"
#include "train/pretrain/pretraintext.h"
#include "train/trainingerror.h"

#include <CLI/CLI.hpp>

#include <cstdio>

namespace spanforge::cli {

CLI::App* PretrainCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "pretrain",
      "Pretrain the embeddings and encoder on unlabelled text (blanked-out tokens' first and "
      "last characters from their context); train --init-from DIR starts from them.");
  auto* project =
      cmd->add_option("PROJECT", project_, "Project file: all its documents but those marked test")
          ->check(CLI::ExistingFile);
  auto* texts = cmd->add_option("--texts", texts_,
                                "Text files in any import format (labels are "
                                "ignored); one document per line for .txt")
                    ->check(CLI::ExistingFile);
  project->excludes(texts);
  texts->excludes(project);
  cmd->add_option("--output", output_, "Folder to write the weights to (at every checkpoint)")
      ->required();
  cmd->add_option("--config", config_, "Config (TOML; its [model] and [pretraining] tables)")
      ->check(CLI::ExistingFile);
  cmd->add_option("--max-steps", maxSteps_, "Stop after this many steps (pretraining.max_steps)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--max-minutes", maxMinutes_, "Also stop after this many minutes")
      ->check(CLI::NonNegativeNumber);
  cmd->add_option("--device", device_, "auto, cpu, cuda or cuda:N (overrides the config)");
  cmd->add_option("--threads", threads_, "CPU threads; 0 = the default")
      ->check(CLI::Range(0, 1024));
  cmd->add_flag("--resume", resume_,
                "Go on from --output's last checkpoint, as if never stopped (the same config "
                "and text; a larger --max-steps goes on from a finished pretraining)");
  return cmd;
}

int PretrainCommand::run(Console& console) {
  if (project_.empty() && texts_.empty()) {
    console.err << "error: give a PROJECT or --texts FILE...\nRun with --help for usage.\n";
    return kBadInput;
  }
  train::TrainConfig config =
      config_.empty() ? train::TrainConfig{} : train::loadConfigFile(config_);
  if (maxSteps_ >= 0) config.pretraining.maxSteps = maxSteps_;
  if (maxMinutes_ >= 0) config.pretraining.maxMinutes = maxMinutes_;
  if (!device_.empty()) config.device.device = device_;
  if (threads_ >= 0) config.device.threads = threads_;
  train::validateConfig(config, "command line");
  OutputChecks::Inputs inputs = {{config_, "the config"},
                                 {config.model.vectors, "the vectors"},
                                 {config.model.transformer, "the transformer model folder"}};
  for (const auto& path : texts_) inputs.emplace_back(path, "the text");
  OutputChecks::folder(output_, "--output", project_, inputs);

  train::PretrainText text;
  if (!project_.empty()) {
    auto project = store::ProjectStore::open(project_, store::ProjectStore::Access::ReadOnly);
    text.addProject(*project);
  }
  for (const auto& path : texts_) text.addFile(path);
  console.err << "Text: " << text.sentences.size() << " documents, " << text.words << " words";
  if (text.leftOut > 0) console.err << " (" << text.leftOut << " test documents left out)";
  console.err << "\n";

  const InterruptGuard interrupt;
  ProgressBar bar(console.err, console.errIsTerminal, "Pretraining");
  train::PretrainerOptions options;
  options.cancel = &interrupt.flag();
  options.resume = resume_;
  double lossSum = 0.0;
  int64_t lossSteps = 0;
  int64_t lastWords = 0;
  double lastSeconds = 0.0;
  int64_t words = 0;
  options.onStep = [&](const train::PretrainStepEvent& e) {
    lossSum += e.loss;
    ++lossSteps;
    words += e.words;
    bar.update(static_cast<int64_t>(1000 * e.progress), 1000, "step " + std::to_string(e.step));
  };
  console.out << " step  epoch  train loss  held-out loss  words/s  seconds\n" << std::flush;
  options.onCheckpoint = [&](const train::PretrainCheckpointEvent& e) {
    bar.finish();
    const double wps =
        e.seconds > lastSeconds ? (words - lastWords) / (e.seconds - lastSeconds) : 0;
    char row[128];
    std::snprintf(row, sizeof row, "%5lld  %5lld  %10.4f  %13.4f  %7.0f  %7.1f\n",
                  static_cast<long long>(e.step), static_cast<long long>(e.epoch),
                  lossSteps > 0 ? lossSum / lossSteps : 0.0, e.heldOutLoss, wps, e.seconds);
    console.out << row << std::flush;
    lossSum = 0.0;
    lossSteps = 0;
    lastWords = words;
    lastSeconds = e.seconds;
  };
  train::Pretrainer pretrainer(config, std::move(text.sentences), output_, std::move(options));
  if (resume_) {
    const train::PretrainResumePoint point = pretrainer.resumePoint();
    if (point.none) {
      console.err << "Nothing to resume: " << point.why << "; pretraining from step 0.\n";
    } else if (!point.possible()) {
      console.err << "error: cannot resume: " << point.why << "\nWithout --resume, " << output_
                  << " is pretrained again from step 0 (and replaced).\n";
      return kBadInput;
    } else if (point.reached) {
      console.err << output_ << " was pretrained " << point.step
                  << " steps already, as far as this config goes; raise --max-steps (or "
                     "--max-minutes) to go on.\n";
      return kOk;
    } else {
      console.err << "Resuming " << output_ << " after step " << point.step << "\n";
    }
  }
  const train::PretrainResult result = pretrainer.run();
  bar.finish();
  if (result.reason == train::FinishReason::Failed) {
    console.err << "error: pretraining failed: " << result.message << "\n";
    if (!result.outputDir.empty())
      console.err << "The last checkpoint in " << result.outputDir << " is kept.\n";
    return kBadInput;
  }
  char done[256];
  std::snprintf(done, sizeof done,
                "%s after %lld steps (%lld epochs) in %.1fs: held-out loss %.4f.\n",
                train::toString(result.reason), static_cast<long long>(result.steps),
                static_cast<long long>(result.epochs), result.seconds, result.heldOutLoss);
  console.err << done;
  if (!result.outputDir.empty())
    console.err << "Wrote " << result.outputDir << "; train with --init-from " << result.outputDir
                << "\n";
  return result.outputDir.empty() ? kBadInput : kOk;
}

}  // namespace spanforge::cli
