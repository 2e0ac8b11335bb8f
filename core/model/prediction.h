#pragma once

#include "text/tokenspan.h"

#include <cstdint>
#include <vector>

namespace spanforge::model {

// A predicted span over token indices with the CRF's probability that
// exactly this span (its whole tag sequence) is part of the output.
struct ScoredTokenSpan {
  text::TokenSpan span;
  double score = 0.0;
};

// What the model says about one sentence. The sentence-level figures are
// the uncertainty measures active learning ranks by (lower = less sure,
// except entropy where higher = less sure). An empty sentence is certain.
struct Prediction {
  std::vector<int64_t> tags;           // best tag path (TagSet ids)
  std::vector<ScoredTokenSpan> spans;  // read from `tags`, sorted by position

  double bestPathProbability = 1.0;      // P(best path | sentence): least confidence
  double bestPathLogProbPerToken = 0.0;  // log P(best path) / tokens
  double meanTokenEntropy = 0.0;         // mean over tokens of the marginals' entropy (nats)
  double margin = 1.0;                   // P(best path) - P(second-best path)
  // Share of dropout samples whose best path is not the most common one
  // (DropoutPaths); computed only when predict() is asked for samples.
  double pathDisagreement = 0.0;
  // The encoder's outputs averaged over the tokens (NerModel::contextDim
  // values), where sentences with similar contexts lie close; filled only
  // when predict() is asked for it (batch diversity).
  std::vector<float> sentenceVector;
};

}  // namespace spanforge::model
