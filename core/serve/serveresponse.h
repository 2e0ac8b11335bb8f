#pragma once

#include <nlohmann/json_fwd.hpp>

#include <cstdint>
#include <string>

namespace spanforge::serve {

// What an endpoint answers: the HTTP status, the body and its type, and the
// words it predicted (for the metrics).
struct ServeResponse {
  int status = 200;
  std::string body;
  std::string contentType = "application/json";
  int64_t words = 0;
  int retryAfterSeconds = 0;  // > 0: a Retry-After header (503)

  // A 200 answer with `j` as its body.
  static ServeResponse json(const nlohmann::ordered_json& j);
  // A 4xx/5xx answer: {"error": message, "field": field} (field omitted when empty).
  static ServeResponse error(int status, const std::string& message, const std::string& field = {});
  // `j` as JSON text. Never throws on text that is not UTF-8 (a label config's
  // names, a URL): such bytes become U+FFFD rather than a 500.
  static std::string dump(const nlohmann::ordered_json& j);
};

}  // namespace spanforge::serve
