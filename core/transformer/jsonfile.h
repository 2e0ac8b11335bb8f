#pragma once

// Only for core .cpp files: nlohmann/json is a private dependency of core.
#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace spanforge::transformer {

// A model folder's JSON object: a regular file of at most `maxBytes`
// (readModelFile), nested at most io::JsonRecord::kMaxDepth deep. Throws
// ModelFolderError "PATH: not JSON (why)", "PATH: a JSON array, not an
// object of settings", ...
nlohmann::json readJsonFile(const std::string& path, int64_t maxBytes);

// j[key] as a whole number above 0 and within the limit for KEY (at most 256
// layers, ...), or `fallback` when absent and fallback >= 0. Throws
// ModelFolderError "FILE: no KEY", "FILE: KEY must be a positive whole
// number" or "FILE: KEY is N; Spanforge reads models with at most M".
int64_t positiveInt(const nlohmann::json& j, const std::string& file, const char* key,
                    int64_t fallback = -1);

}  // namespace spanforge::transformer
