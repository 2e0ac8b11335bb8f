#include "serve/requestbody.h"

#include "io/jsonrecord.h"

namespace spanforge::serve {

bool parseRequestBody(const std::string& body, nlohmann::ordered_json& out, ServeResponse& error) {
  if (io::JsonRecord::findTooDeep(body) != std::string::npos) {
    error = ServeResponse::error(
        400, "the JSON nests deeper than " + std::to_string(io::JsonRecord::kMaxDepth) + " levels");
    return false;
  }
  try {
    out = nlohmann::ordered_json::parse(body);
  } catch (const nlohmann::json::exception& e) {
    error = ServeResponse::error(400, std::string("not valid JSON: ") + e.what());
    return false;
  }
  return true;
}

}  // namespace spanforge::serve
