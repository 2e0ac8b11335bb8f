#pragma once

#include "model/modelconfig.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::train {

// What a package's meta.json (labels) and config.toml (sizes) declare,
// checked against its weights file's header before any network is built from
// them: 5,000 labels in a 68 KB meta.json asked for gigabytes and minutes
// before the shapes were compared. Reads only the safetensors header (no
// tensor data); throws ModelPackageError naming the file that is wrong.
class DeclaredSizes {
 public:
  static void check(const std::string& weightsPath, const model::ModelConfig& model,
                    const std::vector<std::string>& labels, const std::string& metaPath,
                    const std::string& configPath);

  // Tags the CRF predicts for `labels` labels: "O", then B and I (IOB2) or
  // B, I, L and U (BILUO) per label.
  static int64_t tagCount(int64_t labels, const std::string& scheme);
  // A lower bound of the parameters `model` has besides its feature tables
  // (checked by PackageFiles::checkTableFits) and the transformer's own.
  static double minParameters(const model::ModelConfig& model, int64_t tags);
};

}  // namespace spanforge::train
