#pragma once

#include "model/crfscores.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace spanforge::model {

// Exact inference for one sentence under a linear-chain CRF, in double
// precision on the CPU: 2-best Viterbi, the log-partition and
// forward-backward marginals. Prediction uses this rather than batched
// tensor code: per-sentence loops over a few dozen tags cost less than
// hundreds of small tensor ops, and double precision keeps span
// probabilities exact. The batched torch forward algorithm (Crf) is the
// one training differentiates.
//
// The score of a path y is start[y0] + sum_t emit[t][yt] +
// sum_t trans[y(t-1)][yt] + end[y(n-1)]; P(y) = exp(score - logZ).
class CrfLattice {
 public:
  // emissions: `length` rows of scores.numTags floats.
  CrfLattice(const CrfScores& scores, const float* emissions, int64_t length);

  int64_t length() const { return n_; }
  double logPartition() const { return logZ_; }

  const std::vector<int64_t>& bestPath() const { return best_; }
  double bestScore() const { return bestScore_; }
  // Empty and -infinity when no second valid path exists.
  const std::vector<int64_t>& secondBestPath() const { return second_; }
  double secondBestScore() const { return secondScore_; }

  // P(tag at position t | sentence).
  double marginal(int64_t t, int64_t tag) const;
  // Entropy (nats) of the marginal distribution at position t.
  double tokenEntropy(int64_t t) const;
  // Score of a whole path (length() tags).
  double pathScore(const std::vector<int64_t>& tags) const;
  // P(tags at positions from .. from + tags.size() - 1 are exactly `tags`),
  // whatever the rest of the path; with `notNext` >= 0, also P(the tag after
  // them, if any, is not `notNext`). A span's probability: its tags, and for
  // IOB2 notNext = its I- tag, which would extend it.
  double pathProbability(int64_t from, const std::vector<int64_t>& tags,
                         int64_t notNext = -1) const;

 private:
  void viterbi2();
  void forwardBackward();
  double emit(int64_t t, int64_t y) const { return em_[static_cast<size_t>(t * k_ + y)]; }
  double logAlpha(int64_t t, int64_t y) const;
  double logBeta(int64_t t, int64_t y) const;

  const CrfScores& s_;
  std::vector<double> em_;
  int64_t n_;
  int64_t k_;
  double logZ_ = 0.0;
  std::vector<int64_t> best_;
  std::vector<int64_t> second_;
  double bestScore_ = 0.0;
  double secondScore_;
  // Scaled forward/backward vectors and their cumulative log scales.
  std::vector<double> alpha_, beta_, alphaLog_, betaLog_;
  std::vector<double> marginals_;
};

}  // namespace spanforge::model
