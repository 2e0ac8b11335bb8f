#pragma once

#include <cstddef>
#include <string_view>

// One code point as CPython's str methods and `re` see it (Objects/unicodectype.c, whose flags
// Tools/unicode/makeunicodedata.py derives from the Unicode Character Database). spaCy's lexical
// attributes are those str methods, so the Matcher agrees with spaCy only if these agree with
// CPython. General categories come from utf8proc; the few properties utf8proc does not carry
// (Other_Lowercase, Other_Uppercase, Numeric_Type=Digit, bidi whitespace, Case_Ignorable's
// punctuation) are small tables in pythonchars.cpp.
namespace spanforge::patterns::pychar {

// str.isalpha: general category Lu, Ll, Lt, Lm or Lo.
bool isAlpha(char32_t cp);
// str.isdecimal, and what `\d` matches in a str pattern: category Nd.
bool isDecimal(char32_t cp);
// str.isdigit: Numeric_Type Decimal or Digit, so also superscripts and circled digits.
bool isDigit(char32_t cp);
// Unicode's Lowercase property (Ll + Other_Lowercase): CPython's LOWER_MASK, used by islower.
bool isLowercase(char32_t cp);
// Unicode's Uppercase property (Lu + Other_Uppercase): CPython's UPPER_MASK.
bool isUppercase(char32_t cp);
// Category Lt: CPython's TITLE_MASK.
bool isTitlecase(char32_t cp);
// Unicode's Cased property (Lowercase, Uppercase or Lt), for str.lower()'s final sigma.
bool isCased(char32_t cp);
// Unicode's Case_Ignorable property, for str.lower()'s final sigma.
bool isCaseIgnorable(char32_t cp);
// str.isspace and `\s`: category Zs or bidi class WS, B or S (so U+001C..U+001F count, unlike
// Unicode's White_Space).
bool isSpace(char32_t cp);
// `\w` in a str pattern: str.isalnum() (letters and every numeric character) or '_'.
bool isWordChar(char32_t cp);
// spaCy's is_punct per character: a general category starting with 'P'.
bool isPunctuation(char32_t cp);

// Decodes the code point at text[pos] and moves pos past it. A byte that starts no valid
// sequence reads as U+FFFD and is skipped alone, as text::decodeUtf8 does.
char32_t nextCodePoint(std::string_view text, size_t& pos);

}  // namespace spanforge::patterns::pychar
