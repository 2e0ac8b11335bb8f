#pragma once

#include "text/token.h"

#include <string_view>
#include <vector>

namespace spanforge::text {

// Rule-based tokenizer for English-like text and social media. Offsets are
// code points into the input. Deterministic; the rules are documented in
// tokenizer.cpp and tested in tests/text.
class Tokenizer {
 public:
  std::vector<Token> tokenize(std::string_view utf8) const;
};

}  // namespace spanforge::text
