#pragma once

// A document as a person left it: text, tokens and gold spans, accepted unless
// told otherwise. For the tests of the data checks and their fixes.
#include "text/document.h"

#include <string>
#include <utility>
#include <vector>

namespace spanforge::testing {

inline text::Document testDocument(const std::string& t, std::vector<text::Token> tokens,
                                   std::vector<text::Span> spans,
                                   text::DocStatus status = text::DocStatus::Accepted) {
  text::Document d;
  d.text = t;
  d.tokens = std::move(tokens);
  d.spans = std::move(spans);
  d.status = status;
  return d;
}

}  // namespace spanforge::testing
