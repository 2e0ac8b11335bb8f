#pragma once

#include "text/document.h"
#include "text/span.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace spanforge::store {

class Database;
class ProjectStore;

// Which predicted spans the review queue lists.
struct ReviewFilter {
  int64_t modelId = 0;
  std::optional<std::string> label;       // only this label
  double minScore = 0.0;                  // inclusive
  double maxScore = 1.0;                  // inclusive
  std::optional<text::DocStatus> status;  // only documents with this status now
};

// Where a page ended; the next page starts after it. Spans are ordered by
// (score, document, start, end, label id): lowest confidence first, ties in
// a fixed order so that paging never skips or repeats a span.
struct ReviewCursor {
  double score = 0.0;
  int64_t documentId = 0;
  int64_t start = 0;
  int64_t end = 0;
  int64_t labelId = 0;
};

// One predicted span with what the queue shows of it.
struct ReviewItem {
  int64_t documentId = 0;
  text::Span span;  // code points into the document text
  int64_t labelId = 0;
  double score = 0.0;
  text::DocStatus status = text::DocStatus::Unlabelled;
  // The span's text and up to ReviewQueue::kContext code points either side
  // (line breaks as they are; the view decides how to show them).
  std::string before;
  std::string text;
  std::string after;

  ReviewCursor cursor() const { return {score, documentId, span.start, span.end, labelId}; }
};

// Predicted spans across the project, least confident first: the review
// queue of model-in-the-loop annotation. Reads only.
class ReviewQueue {
 public:
  static constexpr int64_t kContext = 60;

  explicit ReviewQueue(Database& db) : db_(db) {}
  // On the project's own connection (the UI thread's).
  explicit ReviewQueue(ProjectStore& project);

  // Keyset paging: up to `limit` spans after `after` (from the start when
  // null). An unknown label gives an empty page.
  std::vector<ReviewItem> page(const ReviewFilter& filter, const ReviewCursor* after, int limit);
  int64_t count(const ReviewFilter& filter);

 private:
  Database& db_;
};

}  // namespace spanforge::store
