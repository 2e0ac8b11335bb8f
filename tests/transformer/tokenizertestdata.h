#pragma once

// What the transformer tests share: the vocabularies and reference ids in
// tests/data/tokenizers/ and its reference rows, and subwords reduced to
// their ids.
#include "transformer/subwordtokenizer.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <fstream>
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

// A text of a reference file and the ids Hugging Face's tokenizer (or
// SentencePiece) gives for it.
struct ReferenceRow {
  std::string text;
  std::vector<int32_t> ids;
};

// The rows of a reference .jsonl under kTokenizerData; none when it cannot be read.
inline std::vector<ReferenceRow> referenceRows(const std::string& file) {
  std::ifstream in(kTokenizerData + file);
  std::vector<ReferenceRow> out;
  for (std::string line; std::getline(in, line);) {
    const auto row = nlohmann::json::parse(line);
    out.push_back({row.at("text"), row.at("ids").get<std::vector<int32_t>>()});
  }
  return out;
}

}  // namespace spanforge::testing
