#pragma once

#include "model/crfscores.h"

#include <cstdint>
#include <functional>

namespace at {
class Tensor;
}

namespace spanforge::model {

struct SentenceFeatures;

// BALD-style uncertainty for a CRF tagger (Shen et al. 2017): how often
// dropout samples of the model disagree on a sentence's best path. The
// samples drop units of the encoder output (the dropout before the tag
// layer), so one encoder pass serves them all. The masks are drawn from a
// generator seeded by the sentence's features: a sentence gets the same
// value in any batch, order or thread.
class DropoutPaths {
 public:
  // encoded [length, D]: the sentence's encoder output without dropout;
  // tagScores maps [S, length, D] to [S, length, tags] (NerNetwork::tagScores).
  // The share of `samples` draws (each unit kept with 1 - dropout, scaled
  // by 1 / (1 - dropout)) whose best path is not the most common one:
  // 0 when all agree, below 1 - 1 / samples.
  static double disagreement(const at::Tensor& encoded,
                             const std::function<at::Tensor(const at::Tensor&)>& tagScores,
                             const CrfScores& scores, double dropout, int samples,
                             const SentenceFeatures& sentence);
};

}  // namespace spanforge::model
