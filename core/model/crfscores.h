#pragma once

#include <cstddef>
#include <cstdint>
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
};

}  // namespace spanforge::model
