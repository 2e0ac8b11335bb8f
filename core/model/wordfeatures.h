#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::model {

// The hashed features a model embeds, from the config's `word_features`
// string: names from "norm prefix suffix shape" separated by spaces or
// commas. Returns Featurizer::Feature values in that canonical order (so
// NORM, when used, is always the first slot); throws std::invalid_argument
// naming the bad part for an unknown or repeated name or an empty list.
std::vector<int64_t> parseWordFeatures(const std::string& spec);

}  // namespace spanforge::model
