#include "train/package/runpackage.h"

#include "train/device/parallelfor.h"
#include "train/eval/evaluator.h"
#include "train/eval/temperaturecalibrator.h"
#include "train/package/modelpackage.h"
#include "train/package/packageinfo.h"
#include "train/trainer.h"

#include <optional>

namespace spanforge::train {

void RunPackage::write(const std::string& dir, model::NerModel& model, const TrainConfig& config,
                       const TrainerOptions& options, const Corpus& train, const Corpus& dev,
                       const Corpus& calibration, const EvaluationReport& best,
                       const RunFigures& run, const std::string& device) {
  PackageInfo info;
  info.trainSource = options.trainSource;
  info.devSource = options.devSource;
  info.setData(train, dev);
  info.steps = run.steps;
  info.epochs = run.epochs;
  info.bestStep = run.bestStep;
  info.trainingSeconds = run.seconds;
  info.finishReason = run.finishReason;
  info.resumedFrom = options.resumeFrom;
  info.vectorsSource = config.model.vectors;
  // Calibrated span scores: the temperature that fits held-out dev best.
  info.temperature = TemperatureCalibrator::fit(calibration.empty() ? dev : calibration, model);
  std::optional<EvaluationReport> test;
  if (!options.test.empty())
    test =
        Evaluator::run(options.test, model, device == "cpu" ? ParallelFor::resolve(0) : 1).report;
  info.setMetrics(best, test ? &*test : nullptr);
  ModelPackage::write(dir, model, config, info);
}

}  // namespace spanforge::train
