#pragma once

#include <cstdint>

namespace spanforge::text {

// Coarse character classes the tokenizer works with, derived from the Unicode
// general category (utf8proc). One byte each, so a whole text can be classified
// once up front instead of asking utf8proc again for every rule.
enum class CharClass : uint8_t {
  Space,      // separator: Z*, controls, ZWSP U+200B, BOM U+FEFF, bidi marks
  Lower,      // Ll
  Upper,      // Lu, Lt
  Letter,     // other letters: Lm, Lo
  Digit,      // Nd
  Number,     // Nl, No (Roman numerals, superscripts)
  Mark,       // M*: continues whatever precedes it
  Joiner,     // ZWNJ, ZWJ, word joiner, soft hyphen: glue inside a word
  Connector,  // Pc, e.g. '_'
  Punct,      // P* other than Pc
  Symbol,     // S*: emoji, currency, math
  Other,      // other format characters, private use, unassigned
};

CharClass classify(char32_t cp);

// Unicode's White_Space property: what "\s" matches in the patterns of
// Hugging Face's and GPT-2's tokenizers. Unlike CharClass::Space it leaves out
// zero-width, bidi and other format characters.
bool isWhiteSpace(char32_t cp);

inline bool isLetter(CharClass c) {
  return c == CharClass::Lower || c == CharClass::Upper || c == CharClass::Letter;
}
inline bool isAlnum(CharClass c) {
  return isLetter(c) || c == CharClass::Digit || c == CharClass::Number;
}
// Characters that may start a word.
inline bool isWordStart(CharClass c) { return isAlnum(c) || c == CharClass::Connector; }
// Characters that continue a word once it has started.
inline bool isWordChar(CharClass c) {
  return isWordStart(c) || c == CharClass::Mark || c == CharClass::Joiner;
}

}  // namespace spanforge::text
