#pragma once

#include "train/package/modelpackageerror.h"

#include <string>

namespace spanforge::train {

// A model package or pretrained-weights folder from before safetensors: its
// weights.pt is a TorchScript archive, which can run code when loaded, so it
// is never loaded implicitly. path() is the folder; the message names the
// command that converts it (`spanforge-cli upgrade-package DIR --trust`).
class LegacyPackageError : public ModelPackageError {
 public:
  explicit LegacyPackageError(const std::string& dir);

  // The folder as a shell word: quoted when it holds anything but letters,
  // digits and "_./+-", so the command in the message can be pasted.
  static std::string shellWord(const std::string& path);
};

}  // namespace spanforge::train
