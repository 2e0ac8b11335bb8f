#pragma once

#include <string>

namespace spanforge::store {

// A path or name in double quotes, as the store's messages show it. Not
// "quoted": std::quoted would win by argument-dependent lookup.
inline std::string quotedPath(const std::string& text) { return "\"" + text + "\""; }

}  // namespace spanforge::store
