#include "store/records.h"

#include <algorithm>
#include <cctype>

namespace spanforge::store {

const char* toString(Split s) {
  switch (s) {
    case Split::None:
      return "none";
    case Split::Train:
      return "train";
    case Split::Dev:
      return "dev";
    case Split::Test:
      return "test";
  }
  return "none";
}

std::optional<Split> parseSplit(const std::string& s) {
  std::string k = s;
  std::transform(k.begin(), k.end(), k.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  if (k.empty() || k == "none") return Split::None;
  if (k == "train") return Split::Train;
  // Datasets call the development split by several names.
  if (k == "dev" || k == "validation" || k == "valid" || k == "val") return Split::Dev;
  if (k == "test") return Split::Test;
  return std::nullopt;
}

}  // namespace spanforge::store
