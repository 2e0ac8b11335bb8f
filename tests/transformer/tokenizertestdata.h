#pragma once

// What the transformer tests share: the vocabularies and reference ids in
// tests/data/tokenizers/, and subwords reduced to their ids.
#include "transformer/subwordtokenizer.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::testing {

inline const std::string kTokenizerData = SPANFORGE_TEST_DATA_DIR "/tokenizers/";

inline std::vector<int32_t> subwordIds(const std::vector<transformer::Subword>& subwords) {
  std::vector<int32_t> out;
  out.reserve(subwords.size());
  for (const transformer::Subword& s : subwords) out.push_back(s.id);
  return out;
}

}  // namespace spanforge::testing
