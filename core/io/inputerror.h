#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

namespace spanforge::io {

// A problem with one input record. what() reads "FILE:LINE: FIELD: MESSAGE"
// (FIELD omitted when empty), e.g.
//   "train.jsonl:12: spans[2].end: offset 57 is past the end of the text (54)".
class InputError : public std::runtime_error {
 public:
  InputError(std::string file, int64_t line, std::string field, std::string message);

  const std::string& file() const { return file_; }
  int64_t line() const { return line_; }
  const std::string& field() const { return field_; }
  const std::string& message() const { return message_; }

 private:
  std::string file_;
  int64_t line_;
  std::string field_;
  std::string message_;
};

}  // namespace spanforge::io
