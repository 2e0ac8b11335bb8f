#include "active/rarelabelboost.h"

#include "model/prediction.h"

#include <algorithm>

namespace spanforge::active {

RareLabelBoost::RareLabelBoost(std::map<std::string, int64_t> labelledSpans)
    : counts_(std::move(labelledSpans)) {
  for (const auto& [label, count] : counts_) most_ = std::max(most_, count);
}

double RareLabelBoost::rarity(const std::string& label) const {
  if (most_ <= 0) return 0.0;
  const auto it = counts_.find(label);
  const int64_t count = it == counts_.end() ? 0 : std::max<int64_t>(0, it->second);
  return 1.0 - static_cast<double>(count) / static_cast<double>(most_);
}

double RareLabelBoost::factor(const model::Prediction& prediction) const {
  double highest = 0.0;
  for (const auto& s : prediction.spans) highest = std::max(highest, rarity(s.span.label));
  return 1.0 + highest;
}

}  // namespace spanforge::active
