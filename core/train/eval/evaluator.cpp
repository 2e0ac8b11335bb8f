#include "train/eval/evaluator.h"

#include "model/nermodel.h"
#include "train/device/parallelfor.h"
#include "train/eval/entityscorer.h"
#include "train/stopwatch.h"

#include <algorithm>
#include <numeric>
#include <set>

namespace spanforge::train {
Evaluator::Evaluator(const Corpus& data, const model::NerModel& model, int threads,
                     int64_t batchWords)
    : threads_(std::max(1, threads)) {
  const Stopwatch watch;
  std::set<std::string> labels(model.labels().begin(), model.labels().end());
  for (const auto& l : data.labels()) labels.insert(l);
  labels_.assign(labels.begin(), labels.end());

  const auto& ex = data.examples();
  std::vector<size_t> order(ex.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return ex[a].tokens.size() < ex[b].tokens.size(); });
  std::vector<model::SentenceFeatures> features(order.size());
  ParallelFor::run(order.size(), threads_,
                   [&](size_t k) { features[k] = model.featurize(ex[order[k]].tokens); });
  model::Batch batch;
  for (size_t k = 0; k < order.size(); ++k) {
    const auto n = static_cast<int64_t>(ex[order[k]].tokens.size());
    // Ascending lengths: this sentence sets the batch's padded width.
    if (!batch.empty() && (batch.size() + 1) * n > batchWords) {
      batches_.push_back(std::move(batch));
      batch = model::Batch();
    }
    batch.add(std::move(features[k]));
    gold_.push_back(ex[order[k]].spans);
    words_ += n;
  }
  if (!batch.empty()) batches_.push_back(std::move(batch));
  featurizeSeconds_ = watch.seconds();
}

EvaluationResult Evaluator::evaluate(const model::NerModel& model) const {
  const Stopwatch watch;
  std::vector<std::vector<model::Prediction>> perBatch(batches_.size());
  ParallelFor::run(batches_.size(), threads_,
                   [&](size_t i) { perBatch[i] = model.predict(batches_[i]); });
  EvaluationResult r;
  r.seconds = watch.seconds();
  EntityScorer scorer(labels_);
  SpanCalibration calibration;
  size_t k = 0;
  for (size_t b = 0; b < batches_.size(); ++b) {
    for (int64_t i = 0; i < batches_[b].size(); ++i, ++k) {
      std::vector<text::TokenSpan> predicted;
      for (const auto& s : perBatch[b][static_cast<size_t>(i)].spans) predicted.push_back(s.span);
      scorer.add(gold_[k], predicted, static_cast<size_t>(batches_[b].sentence(i).length));
      calibration.add(gold_[k], perBatch[b][static_cast<size_t>(i)].spans);
    }
  }
  r.report = scorer.report();
  r.calibration = calibration.report();
  r.spans = calibration.outcomes();
  r.sentences = static_cast<int64_t>(gold_.size());
  r.words = words_;
  r.wordsPerSecond = r.seconds > 0 ? static_cast<double>(words_) / r.seconds : 0.0;
  return r;
}

CalibrationReport Evaluator::uncalibrated(model::NerModel& model) const {
  struct Restore {  // the model's temperature, however evaluate() ends
    model::NerModel& model;
    double temperature;
    ~Restore() { model.setTemperature(temperature); }
  } restore{model, model.temperature()};
  model.setTemperature(1.0);
  return evaluate(model).calibration;
}

EvaluationResult Evaluator::run(const Corpus& data, const model::NerModel& model, int threads,
                                int64_t batchWords) {
  const Evaluator evaluator(data, model, threads, batchWords);
  EvaluationResult r = evaluator.evaluate(model);
  r.seconds += evaluator.featurizeSeconds();
  r.wordsPerSecond = r.seconds > 0 ? static_cast<double>(r.words) / r.seconds : 0.0;
  return r;
}

}  // namespace spanforge::train
