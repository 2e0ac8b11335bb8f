#include "active/modelregistration.h"

#include "store/projectstore.h"
#include "train/package/modelpackage.h"
#include "train/package/packageinfo.h"

#include <nlohmann/json.hpp>

#include <filesystem>

namespace spanforge::active {
namespace {

namespace fs = std::filesystem;

std::string absoluteDir(const std::string& dir) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(dir), ec);
  if (ec) p = fs::absolute(dir).lexically_normal();
  std::string s = p.string();
  while (s.size() > 1 && s.back() == '/') s.pop_back();
  return s;
}

std::string weightsChecksum(const train::PackageInfo& info) {
  const auto it = info.files.find(train::ModelPackage::kWeightsFile);
  return it == info.files.end() ? std::string() : it->second.xxh3;
}

}  // namespace

int64_t ModelRegistration::find(store::ProjectStore& project, const std::string& packageDir,
                                const train::PackageInfo& info) {
  const std::string path = absoluteDir(packageDir);
  const std::string weights = weightsChecksum(info);
  for (const auto& m : project.runs().models()) {
    if (m.path.empty() || absoluteDir(m.path) != path) continue;
    // Models registered by a training run (train::RunRecorder) carry the
    // package's metrics verbatim but no checksum: equal dev/test reports
    // down to the counts mean the same training.
    if (m.metricsJson == info.metricsJson) return m.id;
    const auto metrics = nlohmann::json::parse(m.metricsJson, nullptr, false);
    if (!metrics.is_object()) continue;
    const auto package = metrics.find("package");
    if (package != metrics.end() && package->is_object() &&
        package->value("weights_xxh3", std::string()) == weights)
      return m.id;
  }
  return 0;
}

int64_t ModelRegistration::ensure(store::ProjectStore& project, const std::string& packageDir,
                                  const train::PackageInfo& info) {
  store::Transaction tx(project.db());  // find and add as one step
  if (const int64_t id = find(project, packageDir, info)) return id;
  const std::string path = absoluteDir(packageDir);
  store::ModelRecord m;
  m.name = fs::path(path).filename().string();
  m.path = path;
  m.labelsJson = nlohmann::json(info.labels).dump();
  auto metrics = nlohmann::json::parse(info.metricsJson, nullptr, false);
  if (!metrics.is_object()) metrics = nlohmann::json::object();
  metrics["package"] = {
      {"path", path}, {"created", info.created}, {"weights_xxh3", weightsChecksum(info)}};
  m.metricsJson = metrics.dump();
  const int64_t id = project.runs().addModel(m);
  tx.commit();
  return id;
}

}  // namespace spanforge::active
