#pragma once

// Span calibration on a test set, as bench_train and bench_crossval print
// it: the ECE with the package's fitted temperature and with temperature 1.
#include "model/nermodel.h"
#include "train/data/corpus.h"
#include "train/eval/evaluator.h"

namespace spanforge::bench {

struct CalibrationFigures {
  double temperature = 1.0;
  double ece = 0.0;              // at the fitted temperature
  double uncalibratedEce = 0.0;  // at 1
  double chanceEce = 0.0;        // a perfectly calibrated model's, on these scores
  int64_t spans = 0;
  std::vector<train::SpanOutcome> outcomes;  // at the fitted temperature
};

inline CalibrationFigures calibrationFigures(const train::Corpus& test, model::NerModel& model,
                                             int threads = 1) {
  CalibrationFigures f;
  f.temperature = model.temperature();
  const train::Evaluator evaluator(test, model, threads);
  auto calibrated = evaluator.evaluate(model);
  f.ece = calibrated.calibration.ece;
  f.chanceEce = calibrated.calibration.chanceEce;
  f.spans = calibrated.calibration.spans;
  f.outcomes = std::move(calibrated.spans);
  f.uncalibratedEce = evaluator.uncalibrated(model).ece;
  return f;
}

}  // namespace spanforge::bench
