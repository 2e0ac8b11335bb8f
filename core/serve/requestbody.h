#pragma once

#include "serve/serveresponse.h"

#include <nlohmann/json.hpp>

#include <string>

namespace spanforge::serve {

// A request body as JSON: nesting depth checked before parsing (as every
// reader of outside JSON here does). False with the 400 answer in `error`
// when it is not JSON or nests too deep; bad UTF-8 in a string names its
// field ("records[2].text").
bool parseRequestBody(const std::string& body, nlohmann::ordered_json& out, ServeResponse& error);

}  // namespace spanforge::serve
