#include "project/projectfolder.h"

#include <filesystem>

namespace spanforge::project {
namespace {

namespace fs = std::filesystem;

// Resolved as far as the path exists (weakly_canonical), then normalised.
fs::path resolved(const std::string& path) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(path, ec), ec);
  if (ec) p = fs::absolute(path).lexically_normal();
  return p.lexically_normal();
}

}  // namespace

std::string ProjectFolder::of(const std::string& projectPath) {
  if (projectPath.empty()) return {};
  return resolved(projectPath).parent_path().string();
}

bool ProjectFolder::holds(const std::string& projectPath, const std::string& path) {
  const std::string folder = of(projectPath);
  return !folder.empty() && within(folder, path);
}

bool ProjectFolder::within(const std::string& folder, const std::string& path) {
  if (folder.empty() || path.empty()) return false;
  const fs::path base = resolved(folder);
  const fs::path p = resolved(path);
  // Component-wise: "/a/bc" is not inside "/a/b".
  auto b = base.begin();
  auto q = p.begin();
  for (; b != base.end(); ++b, ++q) {
    if (b->empty()) continue;  // the trailing "" of "/a/b/"
    if (q == p.end() || *b != *q) return false;
  }
  return true;
}

}  // namespace spanforge::project
