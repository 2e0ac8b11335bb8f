#pragma once

#include "io/documentcheck.h"

#include <nlohmann/json.hpp>

#include <string>

namespace spanforge::io {

// Shared by the JSON writers: objects keep their keys in insertion order so
// that every writer emits a fixed key order, and strings are written as raw
// UTF-8 (no \u escapes except for control characters).
class JsonOutput {
 public:
  using Json = nlohmann::ordered_json;

  // The document's metaJson as an object (empty when "{}").
  static Json meta(const DocumentCheck& check);
  // One-line serialization; invalid UTF-8 in any string is a WriteError.
  static std::string dump(const Json& value, const DocumentCheck& check);
};

}  // namespace spanforge::io
