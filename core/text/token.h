#pragma once

#include <cstdint>
#include <string>

namespace spanforge::text {

// A token of a document: its text and its code-point offsets (end exclusive).
// For pre-tokenized input (CoNLL) the text is the token as given and the
// offsets point into the document text rebuilt from the tokens.
struct Token {
  std::string text;
  int64_t start = 0;
  int64_t end = 0;

  friend bool operator==(const Token& a, const Token& b) {
    return a.text == b.text && a.start == b.start && a.end == b.end;
  }
};

}  // namespace spanforge::text
