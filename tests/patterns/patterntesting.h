#pragma once

// Helpers of the pattern tests: a token pattern from JSON text, words as a
// TokenSequence, matches as (key, start, end).
#include "io/jsonrecord.h"
#include "patterns/tokenpatternparser.h"
#include "patterns/tokensequence.h"

#include <nlohmann/json.hpp>

#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::patterns::testing {

inline std::vector<TokenSpec> tokenPattern(const std::string& json) {
  const io::JsonRecord record("test", 1);
  return TokenPatternParser(record).parse(nlohmann::json::parse(json), "pattern");
}

// Words split at single spaces; they live in the returned holder.
struct Words {
  explicit Words(const std::string& text) {
    std::istringstream in(text);
    for (std::string w; std::getline(in, w, ' ');) words.push_back(w);
    views.assign(words.begin(), words.end());
  }
  TokenSequence sequence() const { return TokenSequence(views); }
  std::vector<std::string> words;
  std::vector<std::string_view> views;
};

}  // namespace spanforge::patterns::testing
