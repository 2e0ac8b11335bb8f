#include "train/package/ensembleloader.h"

#include "model/nermodel.h"
#include "train/package/modelpackageerror.h"

#include <filesystem>
#include <set>
#include <stdexcept>

namespace spanforge::train {

ModelPackage EnsembleLoader::load(const std::string& dir, const std::vector<std::string>& members) {
  namespace fs = std::filesystem;
  const auto identity = [](const std::string& path) {
    std::error_code ignored;
    return fs::weakly_canonical(path, ignored).string();
  };
  std::set<std::string> seen{identity(dir)};
  ModelPackage package = ModelPackage::load(dir);
  for (const auto& member : members) {
    if (!seen.insert(identity(member)).second)
      throw ModelPackageError(member, "is already in the ensemble (named twice)");
    ModelPackage other = ModelPackage::load(member);
    try {
      package.model().addEnsembleMember(other.releaseModel());
    } catch (const std::invalid_argument& e) {
      throw ModelPackageError(member,
                              std::string("cannot join ") + dir + " in an ensemble: " + e.what());
    }
  }
  return package;
}

}  // namespace spanforge::train
