#pragma once

#include "active/nearduplicatefilter.h"
#include "active/strategy.h"
#include "store/records.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace spanforge::model {
class NerModel;
}
namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::active {

struct RankProgress {
  int64_t done = 0;   // documents predicted
  int64_t total = 0;  // documents in the pool when ranking started
  double seconds = 0.0;
};

struct PoolRankOptions {
  Strategy strategy = Strategy::LeastConfidence;
  uint64_t seed = 0;  // for Strategy::Random
  // Move near-duplicates of higher-ranked documents below the others.
  bool skipNearDuplicates = false;
  double duplicateThreshold = NearDuplicateFilter::kDefaultThreshold;
  // Strategy::Spread: the top spreadBatches batches of spreadBatch
  // documents are picked for diversity (DiverseBatch), the rest follow.
  size_t spreadBatch = 50;
  size_t spreadBatches = 10;
  int threads = 1;           // predicting threads; 0 = one per core
  int batchDocuments = 256;  // documents read, predicted and stored together
  bool storePredictions = true;
  // The pool; by default every unlabelled document.
  store::DocumentFilter pool{text::DocStatus::Unlabelled, std::nullopt, {}, std::nullopt};
  std::function<void(const RankProgress&)> progress;  // after every batch; may be empty
  const std::atomic<bool>* cancel = nullptr;          // checked between batches
};

struct PoolRankResult {
  int64_t modelId = 0;
  std::string strategy;
  int64_t documents = 0;       // ranked
  int64_t nearDuplicates = 0;  // moved down
  int64_t predictedSpans = 0;
  // Spans whose label the project lacks: counted, not stored (predictions
  // must name a project label). missingLabels lists those labels.
  int64_t unstoredSpans = 0;
  std::vector<std::string> missingLabels;
  bool cancelled = false;  // then no ranking was written (predictions so far were)
  double seconds = 0.0;
};

// Ranks a project's unlabelled documents by how much labelling each would
// teach the model, for "next most informative" and the document browser.
// Reads the pool in pages of batchDocuments, predicts each page (batched,
// on `threads` threads), stores the predictions under the model's id
// (replacing that model's earlier ones) and finally the ranking
// (RankingRepository, per model and strategy) in one transaction.
//
// Runs on the calling thread; use a ProjectStore of its own (one connection per
// thread) when the UI keeps working on the same file. Sets the calling
// thread's torch threads to one (see ComputeThreads).
class PoolRanker {
 public:
  // `modelId`: the model's row in the project (see ModelRegistration).
  PoolRanker(store::ProjectStore& project, const model::NerModel& model, int64_t modelId);

  // Throws store::StoreError for an unknown model id or a store failure,
  // std::invalid_argument for a duplicate threshold outside (0, 1].
  PoolRankResult run(const PoolRankOptions& options);

 private:
  store::ProjectStore& project_;
  const model::NerModel& model_;
  int64_t modelId_;
};

}  // namespace spanforge::active
