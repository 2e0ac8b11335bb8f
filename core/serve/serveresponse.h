#pragma once

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

  // A 4xx/5xx answer: {"error": message, "field": field} (field omitted when empty).
  static ServeResponse error(int status, const std::string& message, const std::string& field = {});
};

}  // namespace spanforge::serve
