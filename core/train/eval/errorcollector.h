#pragma once

#include "text/tokenspan.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace spanforge::train {

// What happened to one entity of an evaluation, in EvaluationReport's terms:
// an exact match, or the error kind EntityScorer counts it under.
enum class ErrorKind { Correct, WrongType, WrongBoundary, WrongBoundaryType, Spurious, Missed };

// "correct", "wrong_type", "wrong_boundary", "wrong_boundary_type",
// "spurious", "missed" (the names of the report's JSON).
const char* toString(ErrorKind kind);

// One example behind a number of the report: a prediction with the gold
// entity it is charged to (none when spurious), or a missed gold entity (no
// prediction).
struct ErrorExample {
  int64_t documentId = 0;
  ErrorKind kind = ErrorKind::Correct;
  std::optional<text::TokenSpan> gold;
  std::optional<text::TokenSpan> predicted;
};

// Lists the examples behind EntityScorer's counts, so that a cell of the
// error matrix leads back to the sentences it counts. The rules are
// EntityScorer's (see ErrorCounts): entities are a set per document; each
// prediction is correct, or charged to the first gold entity (by position)
// with its boundaries (wrong type), else one of its label it overlaps (wrong
// boundary), else any it overlaps (wrong boundary and type), else spurious;
// a gold entity no prediction matches or overlaps is missed. So the kinds
// counted over all documents equal the report's errors and correct counts.
class ErrorCollector {
 public:
  static std::vector<ErrorExample> classify(int64_t documentId, std::vector<text::TokenSpan> gold,
                                            std::vector<text::TokenSpan> predicted);
};

}  // namespace spanforge::train
