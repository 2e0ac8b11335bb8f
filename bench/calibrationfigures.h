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
  int64_t spans = 0;
};

inline CalibrationFigures calibrationFigures(const train::Corpus& test, model::NerModel& model,
                                             int threads = 1) {
  CalibrationFigures f;
  f.temperature = model.temperature();
  const train::Evaluator evaluator(test, model, threads);
  const auto calibrated = evaluator.evaluate(model).calibration;
  f.ece = calibrated.ece;
  f.spans = calibrated.spans;
  f.uncalibratedEce = evaluator.uncalibrated(model).ece;
  return f;
}

}  // namespace spanforge::bench
