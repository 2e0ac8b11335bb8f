#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace spanforge::model {

// A linear-chain CRF's tag-to-tag scores in log space, with -infinity for
// forbidden starts, ends and transitions. transitions[from * numTags + to].
struct CrfScores {
  int64_t numTags = 0;
  std::vector<double> start;
  std::vector<double> end;
  std::vector<double> transitions;

  double transition(int64_t from, int64_t to) const {
    return transitions[static_cast<size_t>(from * numTags + to)];
  }

  // Element-wise sums and scaling, for pooling an ensemble's scores and for
  // a temperature (-infinity stays -infinity for positive factors).
  void add(const CrfScores& other) {
    for (auto [to, from] : {std::pair{&start, &other.start}, std::pair{&end, &other.end},
                            std::pair{&transitions, &other.transitions}})
      for (size_t i = 0; i < to->size(); ++i) (*to)[i] += (*from)[i];
  }
  void scale(double factor) {
    for (auto* v : {&start, &end, &transitions})
      for (double& x : *v) x *= factor;
  }
};

}  // namespace spanforge::model
