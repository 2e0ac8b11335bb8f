#include "serve/requestbody.h"

#include "io/jsonrecord.h"
#include "serve/jsonerrorlocation.h"

namespace spanforge::serve {

bool parseRequestBody(const std::string& body, nlohmann::ordered_json& out, ServeResponse& error) {
  if (io::JsonRecord::findTooDeep(body) != std::string::npos) {
    error = ServeResponse::error(
        400, "the JSON nests deeper than " + std::to_string(io::JsonRecord::kMaxDepth) + " levels");
    return false;
  }
  try {
    out = nlohmann::ordered_json::parse(body);
  } catch (const nlohmann::json::exception&) {
    // The parser's message quotes the bytes it choked on; say where instead.
    const JsonErrorLocation at = JsonErrorLocation::find(body);
    error = ServeResponse::error(400, at.message, at.field);
    return false;
  }
  return true;
}

}  // namespace spanforge::serve
