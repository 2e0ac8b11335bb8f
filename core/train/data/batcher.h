#pragma once

#include "train/batchsizeschedule.h"
#include "train/config/trainconfig.h"

#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

namespace spanforge::train {

// Groups training sentences into batches by number of words. Each pass
// shuffles the sentences; with length bucketing it then takes chunks of
// about kChunkBatches batches' worth of words, sorts each chunk by length,
// cuts it into batches and shuffles those within the chunk, so a batch
// holds sentences of similar length (little padding) while the order stays
// random. A batch takes sentences while their words fit the step's budget;
// a sentence longer than the budget makes a batch of its own.
class Batcher {
 public:
  static constexpr int64_t kChunkBatches = 16;

  // lengths[i]: tokens of sentence i. Empty sentences are never batched.
  Batcher(std::vector<int64_t> lengths, const TrainingSettings& settings);

  // One pass: sentence indices per batch, each sentence exactly once. The
  // batch that will be trained at step firstStep + k gets the schedule's
  // budget for that step. Deterministic for the state of `rng`.
  std::vector<std::vector<size_t>> epoch(std::mt19937_64& rng, int64_t firstStep) const;

  int64_t sentences() const { return static_cast<int64_t>(nonEmpty_.size()); }
  int64_t words() const { return words_; }

 private:
  std::vector<int64_t> lengths_;
  std::vector<size_t> nonEmpty_;
  int64_t words_ = 0;
  BatchSizeSchedule schedule_;
  bool bucketing_;
};

}  // namespace spanforge::train
