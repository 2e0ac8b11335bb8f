#pragma once

#include "model/prediction.h"
#include "text/tokenspan.h"

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <vector>

namespace spanforge::train {

// Predicted spans whose score fell in [from, to): how many, their mean
// score and the share of them that are right (start, end and label match a
// gold span).
struct ReliabilityBin {
  double from = 0.0;
  double to = 0.0;
  int64_t count = 0;
  double confidence = 0.0;
  double accuracy = 0.0;
};

// How far span scores are from what they promise: expected calibration
// error, the bins' |accuracy - confidence| weighted by their share of spans.
// chanceEce is what a perfectly calibrated model with the same scores would
// show on average from sampling alone (SamplingGap): an ECE near it is as
// good as this many spans can tell.
struct CalibrationReport {
  std::vector<ReliabilityBin> bins;
  int64_t spans = 0;
  double ece = 0.0;
  double chanceEce = 0.0;
};

// One predicted span: its score and whether it was right.
struct SpanOutcome {
  double score = 0.0;
  bool right = false;
};

// The predicted spans scored at least some threshold: how many, and the
// share of them that was right (0 when there are none).
struct ThresholdPrecision {
  int64_t spans = 0;
  double precision = 0.0;
};

// Collects predicted spans with their scores against gold, sentence by
// sentence, into equal-width score bins.
class SpanCalibration {
 public:
  explicit SpanCalibration(int bins = 10);
  void add(const std::vector<text::TokenSpan>& gold,
           const std::vector<model::ScoredTokenSpan>& predicted);
  // One span already scored against gold (to pool several test sets).
  void add(const SpanOutcome& outcome);
  CalibrationReport report() const;
  // Every span added, in order (for precision above a threshold).
  const std::vector<SpanOutcome>& outcomes() const { return outcomes_; }
  static ThresholdPrecision precisionAtOrAbove(const std::vector<SpanOutcome>& outcomes,
                                               double threshold);

 private:
  size_t binOf(double score) const;

  struct Sums {
    int64_t count = 0;
    int64_t right = 0;
    double scores = 0.0;
  };
  std::vector<Sums> bins_;
  std::vector<SpanOutcome> outcomes_;
};

// {"spans", "ece", "chance_ece", "bins": [{"from", "to", "count", "confidence", "accuracy"}]}
void to_json(nlohmann::json& j, const CalibrationReport& r);

}  // namespace spanforge::train
