#pragma once

#include <cstdint>
#include <string>
#include <tuple>

namespace spanforge::text {

// An entity span over a document's text. Offsets count Unicode code points
// (what Prodigy, spaCy and doccano write); end is exclusive.
struct Span {
  int64_t start = 0;
  int64_t end = 0;
  std::string label;

  int64_t length() const { return end - start; }
  bool overlaps(const Span& o) const { return start < o.end && o.start < end; }
  friend bool operator==(const Span& a, const Span& b) {
    return a.start == b.start && a.end == b.end && a.label == b.label;
  }
  friend bool operator!=(const Span& a, const Span& b) { return !(a == b); }
  friend bool operator<(const Span& a, const Span& b) {
    return std::tie(a.start, a.end, a.label) < std::tie(b.start, b.end, b.label);
  }
};

// A suggested span with its confidence: a model's (marginal probability under
// the CRF), or a pattern match's (its pattern's acceptance so far).
struct ScoredSpan {
  Span span;
  double score = 0.0;
  int64_t pattern = 0;  // the stored pattern that matched; 0: the model's

  bool fromPattern() const { return pattern != 0; }
};

}  // namespace spanforge::text
