#include "active/uncertaintyscorer.h"

#include "model/prediction.h"
#include "train/data/splitmix64.h"

#include <algorithm>
#include <numeric>
#include <stdexcept>

namespace spanforge::active {
UncertaintyScorer::UncertaintyScorer(Strategy strategy, uint64_t seed)
    : strategy_(strategy), seed_(seed) {}

double UncertaintyScorer::uniform(uint64_t seed, uint64_t key) {
  // Two rounds so that neighbouring keys under neighbouring seeds do not
  // line up; the top 53 bits fill a double's mantissa exactly.
  const uint64_t h = train::splitmix64(train::splitmix64(seed) ^ key);
  return static_cast<double>(h >> 11) * 0x1.0p-53;
}

std::vector<size_t> UncertaintyScorer::rankOrder(const std::vector<double>& scores,
                                                 const std::vector<int64_t>& keys) {
  if (keys.size() != scores.size())
    throw std::invalid_argument("rankOrder: " + std::to_string(scores.size()) + " scores but " +
                                std::to_string(keys.size()) + " keys");
  std::vector<size_t> order(scores.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    if (scores[a] != scores[b]) return scores[a] > scores[b];
    return keys[a] < keys[b];
  });
  return order;
}

int UncertaintyScorer::dropoutSamples(Strategy strategy) {
  return strategy == Strategy::Bald ? kDropoutSamples : 0;
}

bool UncertaintyScorer::sentenceVectors(Strategy strategy) { return strategy == Strategy::Spread; }

double UncertaintyScorer::score(const model::Prediction& p, uint64_t key) const {
  // max(0, ...) keeps rounding (P = 1 + 1e-16) from ranking certain
  // documents below each other in a meaningless order.
  switch (strategy_) {
    case Strategy::LeastConfidence:
      return std::max(0.0, 1.0 - p.bestPathProbability);
    case Strategy::Mnlp:
      return std::max(0.0, -p.bestPathLogProbPerToken);
    case Strategy::Entropy:
      return std::max(0.0, p.meanTokenEntropy);
    case Strategy::Margin:
    case Strategy::Rare:    // the ranker multiplies by RareLabelBoost
    case Strategy::Spread:  // the ranker spreads batches (DiverseBatch)
      return std::max(0.0, 1.0 - p.margin);
    case Strategy::Bald:
      // Disagreement comes in steps of 1 / kDropoutSamples; the tie-breaker
      // stays below one step.
      return p.pathDisagreement +
             std::max(0.0, 1.0 - p.bestPathProbability) / (kDropoutSamples + 1);
    case Strategy::Random:
      return uniform(seed_, key);
  }
  return 0.0;
}

}  // namespace spanforge::active
