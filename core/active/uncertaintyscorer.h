#pragma once

#include "active/strategy.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace spanforge::model {
struct Prediction;
}

namespace spanforge::active {

// Turns the model's view of one document (a model::Prediction, whose
// sentence figures come from the CRF's exact inference) into how much
// labelling it would teach the model: higher = ask first. Per strategy:
//   lc       1 - P(best path)                       in [0, 1]
//   mnlp     -log P(best path) / tokens             in [0, inf)
//   entropy  mean over tokens of H(marginals)       in [0, log tags], nats
//   margin   1 - (P(best) - P(second-best path))    in [0, 1]
//   bald     share of kDropoutSamples dropout samples whose best path is
//            not the most common one, ties (most sentences: all agree)
//            broken by least confidence                       in [0, 1)
//   rare     margin; the ranker multiplies it by RareLabelBoost
//   spread   margin; the ranker picks batches with DiverseBatch
//   random   uniform in [0, 1), from (seed, key)
// A document without tokens is certain: 0 for all but random.
class UncertaintyScorer {
 public:
  explicit UncertaintyScorer(Strategy strategy, uint64_t seed = 0);

  Strategy strategy() const { return strategy_; }

  // Dropout samples per prediction the strategy reads (bald); 0 for the others.
  static constexpr int kDropoutSamples = 10;
  static int dropoutSamples(Strategy strategy);
  // Whether the strategy reads Prediction::sentenceVector (spread).
  static bool sentenceVectors(Strategy strategy);

  // `key` names the item (a document id, a sentence index) for random: the
  // same seed and key give the same value in any order and batch size.
  double score(const model::Prediction& prediction, uint64_t key = 0) const;

  // Item indexes, most informative first: by score, descending, ties by
  // key, ascending, so that equal scores rank the same way every time.
  static std::vector<size_t> rankOrder(const std::vector<double>& scores,
                                       const std::vector<int64_t>& keys);

  // A uniform value in [0, 1) for (seed, key): splitmix64 of both.
  static double uniform(uint64_t seed, uint64_t key);

 private:
  Strategy strategy_;
  uint64_t seed_;
};

}  // namespace spanforge::active
