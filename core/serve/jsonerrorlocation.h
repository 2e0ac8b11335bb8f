#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace spanforge::serve {

// Where and why JSON text fails to parse, in words a client can act on:
// the field path ("records[2].text") when the fault is inside a string (bad
// UTF-8, a lone surrogate escape, a raw control character), else the byte
// offset. Never the parser's own message, which may quote the bad bytes.
struct JsonErrorLocation {
  std::string field;    // empty when the fault is not inside a string
  std::string message;  // "not valid UTF-8", "not valid JSON (near byte 17)"

  // Parses `text` once more to find its first error (call it after a parse
  // failed); nesting must already be bounded (io::JsonRecord::findTooDeep).
  static JsonErrorLocation find(std::string_view text);
};

}  // namespace spanforge::serve
