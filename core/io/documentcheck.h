#pragma once

#include "text/document.h"
#include "text/utf8.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::io {

// Checks a document before a writer turns it into bytes, so that nothing is
// written that the matching reader would refuse. Failures throw WriteError
// naming the document (its 1-based number in the output) and the field.
class DocumentCheck {
 public:
  DocumentCheck(const text::Document& doc, int64_t number);

  [[noreturn]] void fail(const std::string& field, const std::string& message) const;

  // Valid UTF-8, not empty, not only whitespace.
  void text() const;
  // Spans inside the text, start < end, non-empty labels, no overlaps; the
  // spans come back sorted. field names the list ("spans").
  std::vector<text::Span> spans(const std::vector<text::Span>& spans, const std::string& field,
                                const text::OffsetMap& map) const;
  // Tokens inside the text, in order, not overlapping, each token's text
  // equal to the text it covers.
  void tokens(const text::OffsetMap& map) const;

  // "spans[2] (10..14 'PER')" for messages.
  static std::string describe(const std::string& field, size_t i, const text::Span& s);

  const text::Document& doc() const { return doc_; }
  int64_t number() const { return number_; }

 private:
  const text::Document& doc_;
  int64_t number_;
};

}  // namespace spanforge::io
