#include "cli/calibratecommand.h"

#include "cli/outputchecks.h"
#include "model/computethreads.h"
#include "model/nermodel.h"
#include "train/data/corpusloader.h"
#include "train/device/parallelfor.h"
#include "train/eval/evaluator.h"
#include "train/eval/temperaturecalibrator.h"
#include "train/package/modelpackage.h"

#include <CLI/CLI.hpp>

#include <cstdio>

namespace spanforge::cli {

CLI::App* CalibrateCommand::setup(CLI::App& app) {
  auto* cmd = app.add_subcommand(
      "calibrate",
      "Fit a model package's temperature on labelled data so that its span scores match how "
      "often such spans are right; writes it into the package (spans are unchanged).");
  cmd->add_option("MODEL_DIR", model_, "Model package directory")
      ->required()
      ->check(CLI::ExistingDirectory);
  cmd->add_option("DATA_FILE", data_, "Labelled data the model was not trained on (its dev set)")
      ->required()
      ->check(CLI::ExistingFile);
  cmd->add_option("--threads", threads_, "Threads predicting in parallel; 0 = one per core")
      ->check(CLI::Range(0, 1024));
  return cmd;
}

int CalibrateCommand::run(Console& console) {
  // The package is rewritten as a whole: the data must not be inside it.
  OutputChecks::folder(model_, "MODEL_DIR", "", {{data_, "the data"}});
  model::ComputeThreads::apply(1);
  train::ModelPackage package = train::ModelPackage::load(model_);
  const train::LoadedCorpus data = train::CorpusLoader::fromFile(data_);
  for (const auto& w : data.warnings) console.err << "warning: " << w << "\n";
  if (data.corpus.empty()) {
    console.err << "error: " << data_ << " has no labelled sentences\n";
    return kBadInput;
  }
  model::NerModel& model = package.model();
  const train::Evaluator evaluator(data.corpus, model, train::ParallelFor::resolve(threads_));
  const double before = model.temperature();
  const double eceBefore = evaluator.evaluate(model).calibration.ece;
  const double after = train::TemperatureCalibrator::fit(data.corpus, model);
  model.setTemperature(after);
  const train::CalibrationReport report = evaluator.evaluate(model).calibration;

  train::PackageInfo info = package.info();
  info.temperature = after;
  train::ModelPackage::write(model_, model, package.config(), info);
  char line[200];
  std::snprintf(line, sizeof line,
                "temperature %.3f -> %.3f; span ECE on %s: %.3f -> %.3f (%lld spans; %.3f by "
                "chance alone)\n",
                before, after, data_.c_str(), eceBefore, report.ece,
                static_cast<long long>(report.spans), report.chanceEce);
  console.out << line;
  return kOk;
}

}  // namespace spanforge::cli
