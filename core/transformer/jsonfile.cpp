#include "transformer/jsonfile.h"

#include <fstream>
#include <stdexcept>

namespace spanforge::transformer {

nlohmann::json readJsonFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot read it");
  try {
    return nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(path + ": not JSON (" + e.what() + ")");
  }
}

int64_t positiveInt(const nlohmann::json& j, const std::string& file, const char* key,
                    int64_t fallback) {
  if (!j.contains(key)) {
    if (fallback >= 0) return fallback;
    throw std::runtime_error(file + ": no " + key);
  }
  if (!j.at(key).is_number_integer() || j.at(key).get<int64_t>() <= 0)
    throw std::runtime_error(file + ": " + key + " must be a positive whole number");
  return j.at(key).get<int64_t>();
}

}  // namespace spanforge::transformer
