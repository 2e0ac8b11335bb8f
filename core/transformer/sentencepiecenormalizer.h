#pragma once

#include "transformer/precompiledcharsmap.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::transformer {

// A text as SentencePiece reads it, with where each byte came from.
struct NormalizedText {
  std::string text;
  // Per byte of `text`, the code points [start, end) of the original text
  // it came from; -1 for the "▁" that starts each word.
  std::vector<int64_t> start, end;
};

// What SentencePiece (and a tokenizer.json's Precompiled normalizer, then
// Replace " {2,}" and Metaspace) does before pieces are looked up: the
// longest charsmap rule replaces the characters it covers (others stay;
// invalid UTF-8 becomes U+FFFD), spaces at either end go and runs of them
// become one, and each word starts with "▁" instead of a space.
class SentencePieceNormalizer {
 public:
  static constexpr std::string_view kSpace = "\xE2\x96\x81";  // U+2581 "▁"

  explicit SentencePieceNormalizer(std::optional<PrecompiledCharsmap> charsmap);
  NormalizedText normalize(std::string_view utf8) const;

 private:
  // The replacement of the rule at the start of `text` and the bytes it covers.
  std::pair<std::string_view, size_t> rule(std::string_view text) const;

  std::optional<PrecompiledCharsmap> charsmap_;
};

}  // namespace spanforge::transformer
