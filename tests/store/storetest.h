#pragma once

#include "store/projectstore.h"
#include "text/document.h"

#include <memory>
#include <string>
#include <vector>

// Small helpers shared by the store tests.
namespace spanforge::testing {

inline text::Document makeDoc(const std::string& textValue, std::vector<text::Span> spans = {},
                              text::DocStatus status = text::DocStatus::Unlabelled) {
  text::Document d;
  d.text = textValue;
  d.spans = std::move(spans);
  d.status = status;
  return d;
}

// Whitespace tokens with code-point offsets (the real tokenizer lives in text/).
inline std::vector<text::Token> spaceTokens(const std::string& s) {
  std::vector<text::Token> tokens;
  int64_t cp = 0, start = -1;
  std::string current;
  for (size_t i = 0; i <= s.size(); ++i) {
    const bool end = i == s.size();
    const unsigned char c = end ? ' ' : static_cast<unsigned char>(s[i]);
    if ((c & 0xC0) == 0x80) {
      current += static_cast<char>(c);
      continue;
    }
    if (c == ' ') {
      if (start >= 0) tokens.push_back({current, start, cp});
      start = -1;
      current.clear();
    } else {
      if (start < 0) start = cp;
      current += static_cast<char>(c);
    }
    ++cp;
  }
  return tokens;
}

}  // namespace spanforge::testing
