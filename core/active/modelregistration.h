#pragma once

#include <cstdint>
#include <string>

namespace spanforge::store {
class ProjectStore;
}
namespace spanforge::train {
struct PackageInfo;
}

namespace spanforge::active {

// The project's id for a model package, so that its predictions and
// rankings are stored under the model that made them. A package is known
// by its absolute directory and the checksum of its weights (or, for a
// model a training run registered, its metrics JSON verbatim): retraining
// into the same directory makes a new model (the old predictions keep the
// old id), loading the same package again finds the existing one.
class ModelRegistration {
 public:
  // The id of the package at `packageDir` (whose meta.json `info` is),
  // adding a models row when the project has none for it: name = the
  // directory's name, labels, and the package's metrics plus
  // "package": {"path", "created", "weights_xxh3"}. Does not make it the
  // current model.
  static int64_t ensure(store::ProjectStore& project, const std::string& packageDir,
                        const train::PackageInfo& info);
  // The id already registered, or 0.
  static int64_t find(store::ProjectStore& project, const std::string& packageDir,
                      const train::PackageInfo& info);
};

}  // namespace spanforge::active
