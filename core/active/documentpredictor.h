#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::model {
class NerModel;
}
namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::active {

struct PredictDocumentsResult {
  int64_t documents = 0;       // predicted and stored (documents that are gone are skipped)
  int64_t predictedSpans = 0;  // stored
  // Spans whose label the project lacks: counted, not stored (see PoolRanker).
  int64_t unstoredSpans = 0;
  std::vector<std::string> missingLabels;
};

// Predicts chosen documents of a project with one model and stores the
// predictions under the model's id, replacing that model's earlier ones for
// those documents, in one transaction: suggestions for the document a person
// opens when the pool has not been ranked. Predictions never become gold here.
//
// Runs on the calling thread; give it a ProjectStore of its own when the UI keeps
// working on the same file.
class DocumentPredictor {
 public:
  // `modelId`: the model's row in the project (see ModelRegistration).
  DocumentPredictor(store::ProjectStore& project, const model::NerModel& model, int64_t modelId);

  // Throws store::StoreError for an unknown model or a store failure.
  PredictDocumentsResult run(const std::vector<int64_t>& documentIds, int threads = 1);

 private:
  store::ProjectStore& project_;
  const model::NerModel& model_;
  int64_t modelId_;
};

}  // namespace spanforge::active
