#include "train/package/packagefiles.h"

#include "train/package/modelpackageerror.h"

#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace spanforge::train {

std::string PackageFiles::join(const std::string& dir, const char* name) {
  return (std::filesystem::path(dir) / name).string();
}

std::string PackageFiles::nowUtc() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

std::string PackageFiles::readText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ModelPackageError(path, "missing or unreadable");
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

void PackageFiles::writeText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out.flush()) throw ModelPackageError(path, "cannot write");
}

}  // namespace spanforge::train
