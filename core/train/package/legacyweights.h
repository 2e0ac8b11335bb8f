#pragma once

#include <string>

namespace spanforge::model {
class NerModel;
}

namespace spanforge::train {

// Reads the weights.pt of a format-1 package (a TorchScript archive) into a
// model. Loading such an archive runs whatever TorchScript it holds, so this
// is the one place in the tree that may do it, and only LegacyPackage::upgrade
// calls it, for a user who said they trust the file's origin
// (`spanforge-cli upgrade-package DIR --trust`). tests/boundaries checks that
// no other file loads archives.
class LegacyWeights {
 public:
  // Every name and shape is checked before anything is copied. Throws
  // ModelPackageError naming the file.
  static void read(const std::string& path, model::NerModel& model);
};

}  // namespace spanforge::train
