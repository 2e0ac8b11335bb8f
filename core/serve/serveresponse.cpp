#include "serve/serveresponse.h"

#include <nlohmann/json.hpp>

namespace spanforge::serve {

ServeResponse ServeResponse::json(const nlohmann::ordered_json& j) {
  ServeResponse r;
  r.body = dump(j);
  return r;
}

ServeResponse ServeResponse::error(int status, const std::string& message,
                                   const std::string& field) {
  nlohmann::ordered_json j;
  j["error"] = message;
  if (!field.empty()) j["field"] = field;
  ServeResponse r = json(j);
  r.status = status;
  return r;
}

std::string ServeResponse::dump(const nlohmann::ordered_json& j) {
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace spanforge::serve
