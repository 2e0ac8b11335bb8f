#pragma once

#include "text/span.h"

#include <cstdint>
#include <vector>

namespace spanforge::store {

class Database;

// The spans a person decided are not entities: a suggestion rejected, or a
// gold span deleted. A decision holds for that span and label whatever
// suggests it again (the model after Rank Pool or a retraining, a pattern or
// a labelled string matched again, a restart) until the person takes it back
// (undo). Suggestions are shown without them (ui::SuggestionActions).
class DecisionRepository {
 public:
  explicit DecisionRepository(Database& db) : db_(db) {}

  // A span of a label the project lacks is ignored: nothing can suggest it.
  void reject(int64_t documentId, const text::Span& span);
  void unreject(int64_t documentId, const text::Span& span);
  // By start, then end and label.
  std::vector<text::Span> rejected(int64_t documentId);

 private:
  Database& db_;
};

}  // namespace spanforge::store
