#pragma once

#include "model/batch.h"
#include "text/tokenspan.h"
#include "train/data/corpus.h"
#include "train/eval/evaluationreport.h"
#include "train/eval/spancalibration.h"

#include <cstdint>
#include <vector>

namespace spanforge::model {
class NerModel;
}

namespace spanforge::train {

struct EvaluationResult {
  EvaluationReport report;
  CalibrationReport calibration;   // span scores against their accuracy (10 bins)
  std::vector<SpanOutcome> spans;  // every predicted span: score, right (to pool test sets)
  int64_t sentences = 0;
  int64_t words = 0;
  double seconds = 0.0;  // prediction (plus featurizing for Evaluator::run)
  double wordsPerSecond = 0.0;
};

// Scores a model on a gold corpus with EntityScorer over NerModel::predict.
// The trainer and `spanforge-cli evaluate` both use it, so a package scores
// exactly what the trainer reported for it. Sentences are featurized once
// and batched by length (about kBatchWords padded words a batch); batches
// are shared out over `threads` threads (see ParallelFor; predictions do
// not depend on the thread count).
class Evaluator {
 public:
  static constexpr int64_t kBatchWords = 2000;

  // Featurizes `data` with `model`'s featurizer.
  Evaluator(const Corpus& data, const model::NerModel& model, int threads = 1,
            int64_t batchWords = kBatchWords);

  // `model` must featurize as the one given to the constructor (the same
  // model, or one with the same [model] settings).
  EvaluationResult evaluate(const model::NerModel& model) const;
  // The span calibration at temperature 1 (the scores as trained), to
  // compare with the model's own temperature, which is set back after.
  CalibrationReport uncalibrated(model::NerModel& model) const;
  double featurizeSeconds() const { return featurizeSeconds_; }

  // Featurizes and evaluates; words/s counts both.
  static EvaluationResult run(const Corpus& data, const model::NerModel& model, int threads = 1,
                              int64_t batchWords = kBatchWords);

 private:
  int threads_;
  std::vector<std::string> labels_;
  std::vector<model::Batch> batches_;
  std::vector<std::vector<text::TokenSpan>> gold_;  // in batch order
  int64_t words_ = 0;
  double featurizeSeconds_ = 0.0;
};

}  // namespace spanforge::train
