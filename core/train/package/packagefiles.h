#pragma once

#include "train/config/trainconfig.h"

#include <cstdint>
#include <string>

namespace spanforge::train {

struct PackageFile;

// Small file helpers shared by the folders Spanforge writes (model
// packages, their exports, pretrained weights); errors are
// ModelPackageError naming the file.
class PackageFiles {
 public:
  static std::string join(const std::string& dir, const char* name);
  // Now in UTC, ISO 8601 ("2026-11-25T18:30:59Z").
  static std::string nowUtc();
  static std::string readText(const std::string& path);
  // A folder's config.toml; a bad one is a ModelPackageError naming it, its
  // message after `prefix`.
  static TrainConfig readConfig(const std::string& dir, const std::string& prefix = "");
  // Replaces the file; "cannot write" (a full disk, mostly) when it fails.
  static void writeText(const std::string& path, const std::string& text);
  // A hostile config could ask for tens of GB of random weights before the
  // shapes are compared: one hashed-feature table (hashRows x wordDim
  // floats) must fit in the weights file of `weightsBytes`. Throws
  // ModelPackageError naming `configPath` otherwise.
  static void checkTableFits(int64_t hashRows, int64_t wordDim, int64_t weightsBytes,
                             const std::string& configPath, const std::string& weightsName);
  // Size and XXH3-64 of a file, as meta.json records them.
  static PackageFile digest(const std::string& path);
};

}  // namespace spanforge::train
