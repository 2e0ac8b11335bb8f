#pragma once

#include "patterns/tokenattribute.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::patterns {

// The words of one document as the matchers read them, with each derived
// attribute (lower case, shape, flags) computed on first use and kept: most
// patterns test ORTH or LOWER, and a million documents should not pay for
// shapes nobody asked for. The words must outlive the sequence.
class TokenSequence {
 public:
  explicit TokenSequence(std::vector<std::string_view> words);

  size_t size() const { return words_.size(); }
  std::string_view word(size_t i) const { return words_[i]; }
  std::string_view lower(size_t i) const;
  std::string_view shape(size_t i) const;
  int64_t length(size_t i) const;
  bool flag(size_t i, TokenAttribute attribute) const;
  // A string attribute's value (ORTH, TEXT, LOWER, SHAPE).
  std::string_view text(size_t i, TokenAttribute attribute) const;

 private:
  struct Derived {
    bool hasLower = false;
    bool hasShape = false;
    uint32_t flagsKnown = 0;  // bit per flag attribute
    uint32_t flags = 0;
    int64_t length = -1;
    std::string lower;
    std::string shape;
  };

  std::vector<std::string_view> words_;
  mutable std::vector<Derived> derived_;
};

}  // namespace spanforge::patterns
