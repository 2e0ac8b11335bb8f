#include "modelloop/packagefixtures.h"

#include "legacyfixture.h"
#include "slurp.h"
#include "train/package/modelpackage.h"

namespace spanforge::testing {

void makeOldFormatPackage(const std::string& dir) { makeLegacyPackage(dir); }

void cutPackageWeights(const std::string& dir) {
  const std::string weights = slurp(dir + "/" + train::ModelPackage::kWeightsFile);
  replaceWeights(dir, weights.substr(0, weights.size() - 64));
}

}  // namespace spanforge::testing
