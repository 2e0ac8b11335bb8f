#include "active/packagecache.h"

#include "model/nermodel.h"
#include "train/package/modelpackage.h"

namespace spanforge::active {

PackageCache::PackageCache() = default;
PackageCache::~PackageCache() = default;

bool PackageCache::holds(int64_t modelId, const std::string& dir) const {
  return package_ && modelId_ == modelId && dir_ == dir;
}

const train::ModelPackage& PackageCache::get(int64_t modelId, const std::string& dir) {
  if (holds(modelId, dir)) return *package_;
  clear();  // free the old weights before reading the new ones
  package_ = std::make_unique<train::ModelPackage>(train::ModelPackage::load(dir));
  modelId_ = modelId;
  dir_ = dir;
  return *package_;
}

void PackageCache::clear() {
  package_.reset();
  modelId_ = 0;
  dir_.clear();
}

}  // namespace spanforge::active
