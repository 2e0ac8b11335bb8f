#pragma once

#include <string>

namespace spanforge::train {

// Copies a model package to a folder the user chose and adds a model card
// (README.md, see ModelCard). The folder appears complete or not at all
// (AtomicDirectory); an existing package there is replaced, anything else
// is refused.
class ModelExport {
 public:
  // Throws ModelPackageError naming the file that cannot be read or written,
  // or the target when it is neither empty nor a model package.
  static void run(const std::string& package, const std::string& target);
};

}  // namespace spanforge::train
