#pragma once

#include "store/records.h"
#include "text/span.h"

#include <cstdint>
#include <vector>

namespace spanforge::store {

class Database;

// Model predictions, kept apart from gold: a prediction becomes gold only when
// a person accepts it (through DocumentRepository::setSpans).
class PredictionRepository {
 public:
  explicit PredictionRepository(Database& db) : db_(db) {}

  // Replaces the predictions of one model for one document and records that
  // the model predicted it (also when `spans` is empty).
  void set(int64_t documentId, int64_t modelId, const std::vector<text::ScoredSpan>& spans);
  std::vector<text::ScoredSpan> get(int64_t documentId, int64_t modelId);
  // Whether the model predicted the document, even if every prediction was
  // rejected since.
  bool predicted(int64_t documentId, int64_t modelId);
  void clearModel(int64_t modelId);

 private:
  Database& db_;
};

}  // namespace spanforge::store
