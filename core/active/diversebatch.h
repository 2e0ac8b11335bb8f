#pragma once

#include <cstddef>
#include <vector>

namespace spanforge::active {

// Batch diversity for Strategy::Spread: an uncertainty ranking's top holds
// many sentences alike (the same construction, the same kind of name), and
// labelling ten of them teaches little more than one. Each batch is picked
// from the kCandidatesPerPick x batchSize highest-ranked documents not yet
// placed: the highest-ranked first, then again and again the candidate with
// the largest uncertainty x cosine distance to the nearest one picked
// (uncertainty-weighted farthest-first over the model's sentence vectors,
// as in diverse mini-batch active learning, Zhdanov 2019). Deterministic:
// ties go to the higher-ranked document.
class DiverseBatch {
 public:
  static constexpr size_t kCandidatesPerPick = 5;

  // `order`: indexes into `scores` and `vectors`, highest-ranked first.
  // Returns the same indexes with the first `batches` batches of
  // `batchSize` picked for diversity and the rest in their order. An empty
  // vector (an empty document) is at distance 0 from everything.
  static std::vector<size_t> reorder(const std::vector<size_t>& order,
                                     const std::vector<double>& scores,
                                     const std::vector<std::vector<float>>& vectors,
                                     size_t batchSize, size_t batches);
};

}  // namespace spanforge::active
