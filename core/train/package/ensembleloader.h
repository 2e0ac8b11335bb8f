#pragma once

#include "train/package/modelpackage.h"

#include <string>
#include <vector>

namespace spanforge::train {

// A model package with the packages of other seeds as ensemble members
// (NerModel::addEnsembleMember): predict, evaluate, rank and serve pool
// their scores. The package's info and config stay the first one's.
class EnsembleLoader {
 public:
  // Throws ModelPackageError naming the package that does not load or
  // cannot join (other labels or features), or a package named twice.
  static ModelPackage load(const std::string& dir, const std::vector<std::string>& members);
};

}  // namespace spanforge::train
