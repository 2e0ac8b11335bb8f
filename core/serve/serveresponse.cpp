#include "serve/serveresponse.h"

#include <nlohmann/json.hpp>

namespace spanforge::serve {

ServeResponse ServeResponse::error(int status, const std::string& message,
                                   const std::string& field) {
  nlohmann::ordered_json j;
  j["error"] = message;
  if (!field.empty()) j["field"] = field;
  ServeResponse r;
  r.status = status;
  r.body = j.dump();
  return r;
}

}  // namespace spanforge::serve
