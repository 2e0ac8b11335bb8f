#include "train/package/packagefiles.h"

#include "train/config/configerror.h"
#include "train/config/tomlconfig.h"
#include "train/package/modelpackage.h"
#include "train/package/modelpackageerror.h"
#include "train/package/packageinfo.h"

#include <xxhash.h>

#include <cinttypes>
#include <cstdio>

#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace spanforge::train {

std::string PackageFiles::join(const std::string& dir, const char* name) {
  return (std::filesystem::path(dir) / name).string();
}

void PackageFiles::checkTableFits(int64_t hashRows, int64_t wordDim, int64_t weightsBytes,
                                  const std::string& configPath, const std::string& weightsName) {
  const double tableBytes = 4.0 * static_cast<double>(hashRows) * static_cast<double>(wordDim);
  if (tableBytes <= static_cast<double>(weightsBytes) + 1e6) return;
  throw ModelPackageError(configPath, "describes a model larger than its weights (" +
                                          std::to_string(static_cast<int64_t>(tableBytes / 1e6)) +
                                          " MB for one feature table; " + weightsName + " holds " +
                                          std::to_string(weightsBytes / 1000000) + " MB)");
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

TrainConfig PackageFiles::readConfig(const std::string& dir, const std::string& prefix) {
  const std::string path = join(dir, ModelPackage::kConfigFile);
  try {
    return fromToml(readText(path), path);
  } catch (const ConfigError& e) {
    throw ModelPackageError(path, prefix + e.what());
  }
}

void PackageFiles::writeText(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out.flush()) throw ModelPackageError(path, "cannot write");
}

PackageFile PackageFiles::digest(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ModelPackageError(path, "missing or unreadable");
  XXH3_state_t* state = XXH3_createState();
  XXH3_64bits_reset(state);
  std::vector<char> buf(1 << 20);
  PackageFile f;
  while (in) {
    in.read(buf.data(), static_cast<std::streamsize>(buf.size()));
    const auto n = in.gcount();
    if (n <= 0) break;
    XXH3_64bits_update(state, buf.data(), static_cast<size_t>(n));
    f.bytes += n;
  }
  const XXH64_hash_t h = XXH3_64bits_digest(state);
  XXH3_freeState(state);
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016" PRIx64, static_cast<uint64_t>(h));
  f.xxh3 = hex;
  return f;
}

}  // namespace spanforge::train
