#pragma once

// Only for core .cpp files: nlohmann/json is a private dependency of core.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace spanforge::transformer {

// A model folder's JSON file. Throws std::runtime_error "PATH: cannot read
// it" or "PATH: not JSON (why)".
nlohmann::json readJsonFile(const std::string& path);

// j[key] as a whole number above 0, or `fallback` when absent and fallback >= 0.
// Throws std::runtime_error "FILE: no KEY" or "FILE: KEY must be a positive
// whole number".
int64_t positiveInt(const nlohmann::json& j, const std::string& file, const char* key,
                    int64_t fallback = -1);

}  // namespace spanforge::transformer
