#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace spanforge::io {

// A document that cannot be written in the chosen format (a span that does
// not fit the tokens, a newline in a plain-text line, ...). what() reads
// "document 12 (train.txt): spans[2]: MESSAGE"; the document number counts
// from 1 in the output, the source and field are omitted when empty.
class WriteError : public std::runtime_error {
 public:
  WriteError(int64_t document, std::string source, std::string field, std::string message);

  int64_t document() const { return document_; }
  const std::string& source() const { return source_; }
  const std::string& field() const { return field_; }
  const std::string& message() const { return message_; }

 private:
  int64_t document_;
  std::string source_;
  std::string field_;
  std::string message_;
};

}  // namespace spanforge::io
