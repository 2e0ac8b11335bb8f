#include "transformer/checkpointtensor.h"

#include "model/safetensorsfile.h"

#include <utility>

namespace spanforge::transformer {

const model::SafetensorsTensor* findCheckpointTensor(const model::SafetensorsFile& file,
                                                     const std::string& prefix,
                                                     const std::string& name) {
  if (const auto* t = file.find(prefix + name)) return t;
  for (const auto& [now, old] : {std::pair{".LayerNorm.weight", ".LayerNorm.gamma"},
                                 std::pair{".LayerNorm.bias", ".LayerNorm.beta"}}) {
    const std::string suffix(now);
    if (name.size() > suffix.size() &&
        name.compare(name.size() - suffix.size(), suffix.size(), suffix) == 0)
      return file.find(prefix + name.substr(0, name.size() - suffix.size()) + old);
  }
  return nullptr;
}

}  // namespace spanforge::transformer
