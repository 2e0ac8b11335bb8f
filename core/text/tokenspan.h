#pragma once

#include <cstdint>
#include <string>
#include <tuple>

namespace spanforge::text {

// An entity over token indices: tokens [first, last) of a document. Tag
// schemes and models work in token space; Span is the character-space twin.
struct TokenSpan {
  int64_t first = 0;
  int64_t last = 0;  // exclusive
  std::string label;

  int64_t size() const { return last - first; }
  friend bool operator==(const TokenSpan& a, const TokenSpan& b) {
    return a.first == b.first && a.last == b.last && a.label == b.label;
  }
  friend bool operator!=(const TokenSpan& a, const TokenSpan& b) { return !(a == b); }
  friend bool operator<(const TokenSpan& a, const TokenSpan& b) {
    return std::tie(a.first, a.last, a.label) < std::tie(b.first, b.last, b.label);
  }
};

}  // namespace spanforge::text
