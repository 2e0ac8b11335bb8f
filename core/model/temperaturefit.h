#pragma once

#include "model/crfscores.h"

#include <cstdint>
#include <vector>

namespace spanforge::model {

struct CrfInputs;

// Temperature scaling for a CRF (Guo et al. 2017, for a linear chain): the
// one positive number T by which every emission and transition score is
// divided so that the gold paths of held-out sentences get the least
// negative log-likelihood. Dividing by T keeps the best path, so it changes
// probabilities only. The NLL is convex in 1/T, so a golden-section search
// over log T finds its minimum.
class TemperatureFit {
 public:
  static constexpr double kMin = 0.05;
  static constexpr double kMax = 20.0;

  // A batch's sentences (NerModel::crfInputs) with their lengths and gold
  // tag paths (TagSet ids). Throws std::invalid_argument for sizes that do
  // not match or CRF scores unlike the ones added before.
  void add(const CrfInputs& inputs, const std::vector<int64_t>& lengths,
           const std::vector<std::vector<int64_t>>& gold);
  size_t sentences() const { return sentences_.size(); }

  // Mean negative log-likelihood of the gold paths per sentence at `t`.
  double nll(double t) const;
  // The temperature in [kMin, kMax] with the least nll(); 1 without sentences.
  double fit() const;

 private:
  struct Sentence {
    std::vector<float> emissions;  // length x tags
    std::vector<int64_t> gold;
  };
  CrfScores scores_;
  std::vector<Sentence> sentences_;
};

}  // namespace spanforge::model
