#pragma once

#include "text/document.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::project {

// One accepted document's change: its spans and status before and after.
struct DocumentFix {
  int64_t documentId = 0;
  std::vector<text::Span> spansBefore, spansAfter;
  text::DocStatus statusBefore = text::DocStatus::Accepted;
  text::DocStatus statusAfter = text::DocStatus::Accepted;
};

// What DataFixes would change, with counts a person can read before saying yes.
struct FixPlan {
  std::vector<DocumentFix> documents;
  int64_t trimmed = 0;         // spans whose white space at either end goes
  int64_t widened = 0;         // spans widened to the whole tokens they cut into
  int64_t dropped = 0;         // spans of white space only, removed
  int64_t setAside = 0;        // empty accepted documents set to ignored
  int64_t misalignedLeft = 0;  // could not be widened: they would overlap another span

  bool empty() const { return documents.empty(); }
  // One sentence: "Trim 2 spans, widen 1 to whole tokens, set 1 empty document aside."
  std::string summary() const;
};

// The data-check findings that need no judgement, mended: spans with white
// space at either end are trimmed (a span of white space only is removed),
// spans that cut into a token are widened to the whole tokens (spaCy's
// alignment_mode "expand"), unless that would overlap another span, and
// accepted documents without tokens are set to ignored, so training skips them
// on purpose. Rare labels and texts in both train and dev are left to people.
class DataFixes {
 public:
  static FixPlan plan(store::ProjectStore& project);
  // Writes the plan (or, backwards, undoes it) in one transaction; throws
  // store errors, and then nothing changed.
  static void apply(store::ProjectStore& project, const FixPlan& plan, bool forward = true);
  // The spans of one document as plan() would leave them, and what happened.
  static std::vector<text::Span> fixSpans(const std::u32string& text,
                                          const std::vector<text::Token>& tokens,
                                          const std::vector<text::Span>& spans, FixPlan& counts);
};

}  // namespace spanforge::project
