#pragma once

#include <cstdint>
#include <string>
#include <string_view>

// The lexical attributes of a token's text exactly as spaCy computes them for its Lexeme
// (spacy/lang/lex_attrs.py, with spacy/lang/en/lex_attrs.py's like_num: the English defaults),
// so that Matcher patterns testing LOWER, SHAPE, LENGTH, IS_* and LIKE_* agree with spaCy's.
// spaCy's getters are Python str methods; they are reproduced per code point in
// pythonchars.h. Text is UTF-8 (an invalid byte counts as U+FFFD). Empty text is spaCy's
// EMPTY_LEXEME: every flag false, LENGTH 0, LOWER and SHAPE "".
namespace spanforge::patterns {

// LOWER (and NORM without lookups): str.lower(), the full lowercase mapping, so 'İ' becomes
// "i̇" (two code points) and a word-final 'Σ' becomes 'ς'.
std::string lowerOf(std::string_view utf8);

// SHAPE (word_shape): letters X or x by case, digits d, anything else itself, runs of one
// shape character cut to 4; "LONG" from 100 code points on.
std::string shapeOf(std::string_view utf8);

// LENGTH: code points, as Python's len (text::codePointCount: on invalid UTF-8, the bytes that
// are not continuation bytes).
int64_t lengthOf(std::string_view utf8);

// IS_ALPHA: str.isalpha() (every character a letter, Lu Ll Lt Lm Lo).
bool isAlpha(std::string_view utf8);
// IS_ASCII: every code point below 128.
bool isAscii(std::string_view utf8);
// IS_DIGIT: str.isdigit() (Unicode digits, superscripts and circled digits too).
bool isDigit(std::string_view utf8);
// IS_LOWER: str.islower() (some cased character, none upper or title case).
bool isLower(std::string_view utf8);
// IS_UPPER: str.isupper().
bool isUpper(std::string_view utf8);
// IS_TITLE: str.istitle() (upper or title case only after an uncased character, lower case
// only after a cased one).
bool isTitle(std::string_view utf8);
// IS_PUNCT: every character in a Unicode punctuation category (P*); symbols such as $ + are not.
bool isPunct(std::string_view utf8);
// IS_SPACE: str.isspace().
bool isSpace(std::string_view utf8);

// LIKE_NUM, English: after one leading + - ± or ~ and without ',' and '.', digits, a fraction
// of digits, an English number word or ordinal word (any case), or digits with st/nd/rd/th.
bool likeNum(std::string_view utf8);
// LIKE_URL: http(s):// or www. prefixes, a known top-level domain or one followed by '/',
// else spaCy's URL regex (urlpattern.h); never with '@' or a leading or trailing '.'.
bool likeUrl(std::string_view utf8);
// LIKE_EMAIL: spaCy's regex [a-zA-Z0-9_.+-]+@[a-zA-Z0-9-]+\.[a-zA-Z0-9-.]+ matched at the
// start (what follows does not matter).
bool likeEmail(std::string_view utf8);

}  // namespace spanforge::patterns
