#include "train/eval/spancalibration.h"

#include "train/eval/samplinggap.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace spanforge::train {

SpanCalibration::SpanCalibration(int bins) {
  if (bins < 1) throw std::invalid_argument("calibration needs at least one bin");
  bins_.resize(static_cast<size_t>(bins));
}

size_t SpanCalibration::binOf(double score) const {
  // A score of exactly 1 belongs to the last bin.
  return std::min(bins_.size() - 1, static_cast<size_t>(score * static_cast<double>(bins_.size())));
}

void SpanCalibration::add(const std::vector<text::TokenSpan>& gold,
                          const std::vector<model::ScoredTokenSpan>& predicted) {
  for (const auto& p : predicted)
    add({p.score, std::find(gold.begin(), gold.end(), p.span) != gold.end()});
}

void SpanCalibration::add(const SpanOutcome& outcome) {
  const double score = std::clamp(outcome.score, 0.0, 1.0);
  Sums& s = bins_[binOf(score)];
  ++s.count;
  s.scores += score;
  s.right += outcome.right ? 1 : 0;
  outcomes_.push_back({score, outcome.right});
}

ThresholdPrecision SpanCalibration::precisionAtOrAbove(const std::vector<SpanOutcome>& outcomes,
                                                       double threshold) {
  ThresholdPrecision p;
  int64_t right = 0;
  for (const auto& o : outcomes)
    if (o.score >= threshold) {
      ++p.spans;
      right += o.right ? 1 : 0;
    }
  if (p.spans > 0) p.precision = static_cast<double>(right) / static_cast<double>(p.spans);
  return p;
}

CalibrationReport SpanCalibration::report() const {
  CalibrationReport r;
  const auto n = static_cast<double>(bins_.size());
  for (const auto& s : bins_) r.spans += s.count;
  for (size_t b = 0; b < bins_.size(); ++b) {
    const Sums& s = bins_[b];
    ReliabilityBin bin;
    bin.from = static_cast<double>(b) / n;
    bin.to = static_cast<double>(b + 1) / n;
    bin.count = s.count;
    if (s.count > 0) {
      bin.confidence = s.scores / static_cast<double>(s.count);
      bin.accuracy = static_cast<double>(s.right) / static_cast<double>(s.count);
      r.ece += static_cast<double>(s.count) / static_cast<double>(r.spans) *
               std::abs(bin.accuracy - bin.confidence);
    }
    r.bins.push_back(bin);
  }
  std::vector<std::vector<double>> scores(bins_.size());
  for (const auto& o : outcomes_) scores[binOf(o.score)].push_back(o.score);
  for (const auto& bin : scores)
    if (!bin.empty())
      r.chanceEce += static_cast<double>(bin.size()) / static_cast<double>(r.spans) *
                     SamplingGap::expected(bin);
  return r;
}

void to_json(nlohmann::json& j, const CalibrationReport& r) {
  nlohmann::json bins = nlohmann::json::array();
  for (const auto& b : r.bins)
    bins.push_back({{"from", b.from},
                    {"to", b.to},
                    {"count", b.count},
                    {"confidence", b.confidence},
                    {"accuracy", b.accuracy}});
  j = {{"spans", r.spans}, {"ece", r.ece}, {"chance_ece", r.chanceEce}, {"bins", std::move(bins)}};
}

}  // namespace spanforge::train
