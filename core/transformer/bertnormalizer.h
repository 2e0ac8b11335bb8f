#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::transformer {

// The normalizer of BERT's tokenizers (Hugging Face's "BertNormalizer"), in
// its order: drop NUL, U+FFFD and control characters and turn white space into
// spaces; put spaces around CJK ideographs; strip accents (NFD, then no
// non-spacing marks) when asked, or by default when lower-casing; lower-case.
// Every output character remembers the input character it came from, so
// subwords keep offsets into the text as written.
class BertNormalizer {
 public:
  struct Options {
    bool cleanText = true;
    bool chineseChars = true;
    bool lowercase = true;
    int stripAccents = -1;  // -1: as lowercase (the default); 0: never; 1: always
  };
  struct Result {
    std::u32string text;
    std::vector<int64_t> origin;  // origin[i]: the input code point text[i] came from
  };

  explicit BertNormalizer(Options options) : options_(options) {}
  Result normalize(const std::u32string& input) const;

  static bool isControl(char32_t c);
  static bool isChineseChar(char32_t c);
  static bool isPunctuation(char32_t c);

 private:
  Options options_;
};

}  // namespace spanforge::transformer
