#pragma once

// Only for core .cpp files: nlohmann/json is a private dependency of core.
#include <nlohmann/json.hpp>

#include <string>

namespace spanforge::transformer {

// A model folder's JSON file. Throws std::runtime_error "PATH: cannot read
// it" or "PATH: not JSON (why)".
nlohmann::json readJsonFile(const std::string& path);

}  // namespace spanforge::transformer
