#pragma once

#include <cstdint>
#include <memory>
#include <string>

namespace spanforge::train {
class ModelPackage;
}

namespace spanforge::active {

// The model package a background worker used last, kept loaded: predicting
// one opened document after another, or ranking again, then costs no
// reading of weights. Keyed by the model's id in the project and its
// directory (retraining into the same directory registers a new id). One
// cache per thread; not thread-safe.
class PackageCache {
 public:
  PackageCache();
  ~PackageCache();
  PackageCache(const PackageCache&) = delete;
  PackageCache& operator=(const PackageCache&) = delete;

  // The package at `dir`, loaded unless it is the one held. Throws
  // train::ModelPackageError (naming the file) when it cannot be loaded;
  // the cache is then empty.
  const train::ModelPackage& get(int64_t modelId, const std::string& dir);
  bool holds(int64_t modelId, const std::string& dir) const;
  void clear();

 private:
  int64_t modelId_ = 0;
  std::string dir_;
  std::unique_ptr<train::ModelPackage> package_;
};

}  // namespace spanforge::active
