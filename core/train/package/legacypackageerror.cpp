#include "train/package/legacypackageerror.h"

namespace spanforge::train {

LegacyPackageError::LegacyPackageError(const std::string& dir)
    : ModelPackageError(dir,
                        "holds weights.pt, a format that can run code when it is loaded, so "
                        "Spanforge no longer loads it. If you trust where it came from, convert "
                        "it with: spanforge-cli upgrade-package " +
                            shellWord(dir) + " --trust") {}

std::string LegacyPackageError::shellWord(const std::string& path) {
  bool plain = !path.empty();
  for (const char c : path) {
    const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                      c == '_' || c == '.' || c == '/' || c == '+' || c == '-';
    if (!safe) plain = false;
  }
  if (plain) return path;
  std::string out = "'";
  for (const char c : path) {
    if (c == '\'')
      out += "'\\''";
    else
      out += c;
  }
  return out + "'";
}

}  // namespace spanforge::train
