#include "model/wordfeatures.h"

#include "model/featurizer.h"

#include <algorithm>
#include <array>
#include <stdexcept>

namespace spanforge::model {

std::vector<int64_t> parseWordFeatures(const std::string& spec) {
  static const std::array<const char*, Featurizer::kFeatures> names = {"norm", "prefix", "suffix",
                                                                       "shape"};
  std::vector<int64_t> out;
  size_t pos = 0;
  while (pos < spec.size()) {
    const size_t end = spec.find_first_of(" ,", pos);
    const std::string name = spec.substr(pos, end == std::string::npos ? end : end - pos);
    pos = end == std::string::npos ? spec.size() : end + 1;
    if (name.empty()) continue;
    const auto it = std::find(names.begin(), names.end(), name);
    if (it == names.end())
      throw std::invalid_argument("unknown word feature \"" + name +
                                  "\" (expected norm, prefix, suffix or shape)");
    const auto feature = static_cast<int64_t>(it - names.begin());
    if (std::find(out.begin(), out.end(), feature) != out.end())
      throw std::invalid_argument("word feature \"" + name + "\" is listed twice");
    out.push_back(feature);
  }
  if (out.empty()) throw std::invalid_argument("no word features (use e.g. \"norm\")");
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace spanforge::model
