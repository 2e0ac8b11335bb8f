#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::transformer {

// SentencePiece's normalization rules as a model carries them
// (precompiled_charsmap; tokenizer.json's Precompiled normalizer, base64):
// a 4-byte little-endian size, a darts-clone double-array trie over UTF-8
// keys of that many bytes, then the replacements, each ended by a NUL.
class PrecompiledCharsmap {
 public:
  // Throws std::runtime_error when the blob is not laid out so.
  explicit PrecompiledCharsmap(std::string_view blob);

  struct Rule {
    size_t length = 0;             // bytes of the text it replaces
    std::string_view replacement;  // may be empty (the characters are dropped)
  };
  // The longest rule for a prefix of `text`, as SentencePiece picks it.
  std::optional<Rule> longest(std::string_view text) const;

 private:
  std::vector<uint32_t> units_;
  std::string replacements_;
};

// Standard base64 (tokenizer.json stores the charsmap so); nullopt on a
// character outside the alphabet or a bad length.
std::optional<std::string> decodeBase64(std::string_view text);

}  // namespace spanforge::transformer
