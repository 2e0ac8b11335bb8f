#pragma once

#include "text/span.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::io {

// One JSON record being read: parses it and gives typed access to its fields,
// throwing InputError that names the file, the line and the field path
// ("spans[1].end") for anything missing, mistyped or out of range.
class JsonRecord {
 public:
  using Json = nlohmann::json;

  // Deeper nesting is refused before parsing (see parse()).
  static constexpr int kMaxDepth = 512;

  // root prefixes every field path: "[3]" names the fourth task of a file
  // that is one JSON array, whose tasks may all sit on line 1.
  JsonRecord(std::string file, int64_t line, std::string root = {})
      : file_(std::move(file)), line_(line), root_(std::move(root)) {}

  // Checks UTF-8 and nesting depth and parses text, which starts on line();
  // errors inside a multi-line record name the line where the problem is.
  Json parse(std::string_view text) const;

  [[noreturn]] void fail(const std::string& field, const std::string& message) const;

  // Byte at which JSON text (outside strings) first nests deeper than
  // maxDepth, or npos. Every JSON parser of untrusted input asks this first.
  static size_t findTooDeep(std::string_view text, int maxDepth = kMaxDepth);

  // nullptr when the key is absent or null; fails when obj is not an object.
  const Json* find(const Json& obj, const char* key, const std::string& field) const;
  const Json& require(const Json& obj, const char* key, const std::string& field) const;

  void expectObject(const Json& v, const std::string& field) const;
  void expectArray(const Json& v, const std::string& field) const;
  std::string string(const Json& v, const std::string& field) const;
  int64_t integer(const Json& v, const std::string& field) const;
  double number(const Json& v, const std::string& field) const;
  bool boolean(const Json& v, const std::string& field) const;

  // A document text: not empty, not only whitespace.
  void checkText(const std::string& text, const std::string& field) const;
  // A label: a non-empty string.
  std::string label(const Json& v, const std::string& field) const;
  // Checks one offset against a text of `length` units ("code points").
  void checkOffset(int64_t offset, int64_t length, const char* units,
                   const std::string& field) const;
  // Checks start < end; endField names the end offset.
  void checkOrder(int64_t start, int64_t end, const std::string& endField) const;
  // Order in which to sort spans; fails naming fields[i] when two overlap.
  std::vector<size_t> spanOrder(const std::vector<text::Span>& spans,
                                const std::vector<std::string>& fields) const;

  // Field paths: index("spans", 1) -> "spans[1]", key("spans[1]", "end") -> "spans[1].end".
  static std::string index(const std::string& field, size_t i) {
    return field + "[" + std::to_string(i) + "]";
  }
  static std::string key(const std::string& field, const char* name) {
    return field.empty() ? std::string(name) : field + "." + name;
  }

 private:
  [[noreturn]] void failAt(size_t byte, std::string_view text, const std::string& message) const;

  std::string file_;
  int64_t line_;
  std::string root_;
};

}  // namespace spanforge::io
