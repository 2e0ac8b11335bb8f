#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace spanforge::testing {

// A whole file as bytes; empty when it cannot be read.
inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace spanforge::testing
