#include "patterns/lexicalattributes.h"

#include <utf8proc.h>

#include <algorithm>
#include <iterator>

#include "patterns/pythonchars.h"
#include "patterns/urlpattern.h"
#include "text/utf8.h"

namespace spanforge::patterns {
namespace {

using pychar::nextCodePoint;

// spacy/lang/en/lex_attrs.py's _num_words and _ordinal_words in one sorted list.
constexpr std::string_view kNumberWords[] = {
    "bazillion",  "bazillionth",  "billion",       "billionth",    "decillion",     "decillionth",
    "eight",      "eighteen",     "eighteenth",    "eighth",       "eightieth",     "eighty",
    "eleven",     "eleventh",     "fifteen",       "fifteenth",    "fifth",         "fiftieth",
    "fifty",      "first",        "fortieth",      "forty",        "four",          "fourteen",
    "fourteenth", "fourth",       "gajillion",     "gajillionth",  "hundred",       "hundredth",
    "million",    "millionth",    "nine",          "nineteen",     "nineteenth",    "ninetieth",
    "ninety",     "ninth",        "nonillion",     "nonillionth",  "octillion",     "octillionth",
    "one",        "quadrillion",  "quadrillionth", "quintillion",  "quintillionth", "second",
    "septillion", "septillionth", "seven",         "seventeen",    "seventeenth",   "seventh",
    "seventieth", "seventy",      "sextillion",    "sextillionth", "six",           "sixteen",
    "sixteenth",  "sixth",        "sixtieth",      "sixty",        "ten",           "tenth",
    "third",      "thirteen",     "thirteenth",    "thirtieth",    "thirty",        "thousand",
    "thousandth", "three",        "trillion",      "trillionth",   "twelfth",       "twelve",
    "twentieth",  "twenty",       "two",           "zero",
};
constexpr size_t kLongestNumberWord = 13;  // "quadrillionth", "quintillionth"

constexpr char32_t kCapitalDottedI = 0x0130;  // İ
constexpr char32_t kCapitalSigma = 0x03A3;    // Σ

// Every code point satisfies `pred`, and there is one: Python's str predicates are false on
// "", and spaCy gives "" the EMPTY_LEXEME, whose flags are all off.
template <typename Pred>
bool allOf(std::string_view text, Pred pred) {
  if (text.empty()) return false;
  for (size_t pos = 0; pos < text.size();) {
    if (!pred(nextCodePoint(text, pos))) return false;
  }
  return true;
}

bool isAsciiText(std::string_view text) {
  return std::all_of(text.begin(), text.end(),
                     [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

char asciiLower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// str.lower() treats Σ as final (ς) when a cased character comes before it and none after it,
// case-ignorable characters (apostrophes, marks, ...) skipped both ways. This is the look-ahead.
bool nothingCasedFollows(std::string_view text, size_t pos) {
  while (pos < text.size()) {
    const char32_t cp = nextCodePoint(text, pos);
    if (!pychar::isCaseIgnorable(cp)) return !pychar::isCased(cp);
  }
  return true;
}

// like_num's isdigit() after it drops every ',' and '.': at least one code point is left and all
// are digits.
bool digitsWithoutSeparators(std::string_view text) {
  bool any = false;
  for (size_t pos = 0; pos < text.size();) {
    const char32_t cp = nextCodePoint(text, pos);
    if (cp == ',' || cp == '.') continue;
    if (!pychar::isDigit(cp)) return false;
    any = true;
  }
  return any;
}

// like_num's word lists, compared with the text lower-cased and without ',' and '.'. Only ASCII
// text can lower-case to an ASCII word (the Kelvin sign's 'k' is in none).
bool isNumberWord(std::string_view text) {
  char word[kLongestNumberWord];
  size_t length = 0;
  for (char c : text) {
    if (c == ',' || c == '.') continue;
    if (static_cast<unsigned char>(c) >= 0x80 || length == kLongestNumberWord) return false;
    word[length++] = asciiLower(c);
  }
  return std::binary_search(std::begin(kNumberWords), std::end(kNumberWords),
                            std::string_view(word, length));
}

// "23rd", "1,000th", "100TH": digits then st, nd, rd or th (any case), ',' and '.' ignored.
bool isNumericOrdinal(std::string_view text) {
  size_t suffix[2];
  size_t found = 0;
  for (size_t i = text.size(); i > 0 && found < 2; --i) {
    if (text[i - 1] != ',' && text[i - 1] != '.') suffix[found++] = i - 1;
  }
  if (found < 2) return false;
  const char a = asciiLower(text[suffix[1]]);
  const char b = asciiLower(text[suffix[0]]);
  const bool ordinalSuffix = (a == 's' && b == 't') || (a == 'n' && b == 'd') ||
                             (a == 'r' && b == 'd') || (a == 't' && b == 'h');
  return ordinalSuffix && digitsWithoutSeparators(text.substr(0, suffix[1]));
}

bool isEmailLocalChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '+' || c == '-';
}
bool isEmailDomainChar(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-';
}

}  // namespace

std::string lowerOf(std::string_view utf8) {
  std::string out;
  out.reserve(utf8.size());
  if (isAsciiText(utf8)) {
    for (char c : utf8) out.push_back(asciiLower(c));
    return out;
  }
  // Whether the last character that is not case-ignorable was cased: final sigma's look-behind.
  bool casedBefore = false;
  for (size_t pos = 0; pos < utf8.size();) {
    const char32_t cp = nextCodePoint(utf8, pos);
    if (cp == kCapitalDottedI) {
      // SpecialCasing.txt's one unconditional lowercase mapping to two code points.
      out.push_back('i');
      text::appendUtf8(out, 0x0307);
    } else if (cp == kCapitalSigma) {
      text::appendUtf8(out, casedBefore && nothingCasedFollows(utf8, pos) ? 0x03C2 : 0x03C3);
    } else {
      text::appendUtf8(out,
                       static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(cp))));
    }
    if (!pychar::isCaseIgnorable(cp)) casedBefore = pychar::isCased(cp);
  }
  return out;
}

std::string shapeOf(std::string_view utf8) {
  if (text::codePointCount(utf8) >= 100) return "LONG";
  std::string out;
  out.reserve(utf8.size());
  char32_t last = 0;
  bool hasLast = false;
  int repeats = 0;
  for (size_t pos = 0; pos < utf8.size();) {
    const char32_t cp = nextCodePoint(utf8, pos);
    char32_t shape = cp;
    if (pychar::isAlpha(cp)) {
      shape = pychar::isUppercase(cp) ? 'X' : 'x';
    } else if (pychar::isDigit(cp)) {
      shape = 'd';
    }
    if (hasLast && shape == last) {
      ++repeats;
    } else {
      repeats = 0;
      last = shape;
      hasLast = true;
    }
    if (repeats < 4) text::appendUtf8(out, shape);
  }
  return out;
}

int64_t lengthOf(std::string_view utf8) { return static_cast<int64_t>(text::codePointCount(utf8)); }

bool isAlpha(std::string_view utf8) { return allOf(utf8, pychar::isAlpha); }

bool isAscii(std::string_view utf8) { return !utf8.empty() && isAsciiText(utf8); }

bool isDigit(std::string_view utf8) { return allOf(utf8, pychar::isDigit); }

bool isLower(std::string_view utf8) {
  bool cased = false;
  for (size_t pos = 0; pos < utf8.size();) {
    const char32_t cp = nextCodePoint(utf8, pos);
    if (pychar::isUppercase(cp) || pychar::isTitlecase(cp)) return false;
    cased = cased || pychar::isLowercase(cp);
  }
  return cased;
}

bool isUpper(std::string_view utf8) {
  bool cased = false;
  for (size_t pos = 0; pos < utf8.size();) {
    const char32_t cp = nextCodePoint(utf8, pos);
    if (pychar::isLowercase(cp) || pychar::isTitlecase(cp)) return false;
    cased = cased || pychar::isUppercase(cp);
  }
  return cased;
}

bool isTitle(std::string_view utf8) {
  bool cased = false;
  bool previousCased = false;
  for (size_t pos = 0; pos < utf8.size();) {
    const char32_t cp = nextCodePoint(utf8, pos);
    if (pychar::isUppercase(cp) || pychar::isTitlecase(cp)) {
      if (previousCased) return false;
      previousCased = cased = true;
    } else if (pychar::isLowercase(cp)) {
      if (!previousCased) return false;
      previousCased = cased = true;
    } else {
      previousCased = false;
    }
  }
  return cased;
}

bool isPunct(std::string_view utf8) { return allOf(utf8, pychar::isPunctuation); }

bool isSpace(std::string_view utf8) { return allOf(utf8, pychar::isSpace); }

bool likeNum(std::string_view utf8) {
  if (utf8.empty()) return false;
  for (std::string_view sign : {"+", "-", "\xC2\xB1", "~"}) {
    if (utf8.substr(0, sign.size()) == sign) {
      utf8.remove_prefix(sign.size());
      break;
    }
  }
  if (digitsWithoutSeparators(utf8)) return true;
  const size_t slash = utf8.find('/');
  if (slash != std::string_view::npos && utf8.find('/', slash + 1) == std::string_view::npos &&
      digitsWithoutSeparators(utf8.substr(0, slash)) &&
      digitsWithoutSeparators(utf8.substr(slash + 1))) {
    return true;
  }
  return isNumberWord(utf8) || isNumericOrdinal(utf8);
}

bool likeUrl(std::string_view utf8) {
  if (utf8.empty()) return false;
  if (utf8.substr(0, 7) == "http://" || utf8.substr(0, 8) == "https://") return true;
  if (utf8.substr(0, 4) == "www." && utf8.size() > 4) return true;
  if (utf8.front() == '.' || utf8.back() == '.') return false;
  // An '@' means an e-mail address, checked only after the prefixes so URLs may hold one.
  if (utf8.find('@') != std::string_view::npos) return false;
  const size_t lastDot = utf8.rfind('.');
  if (lastDot == std::string_view::npos) return false;
  std::string_view tld = utf8.substr(lastDot + 1);
  tld = tld.substr(0, tld.find(':'));
  if (!tld.empty() && tld.back() == '/') return true;
  if (isKnownTld(tld)) return true;
  return matchesUrlPattern(utf8);
}

bool likeEmail(std::string_view utf8) {
  const size_t n = utf8.size();
  size_t i = 0;
  while (i < n && isEmailLocalChar(utf8[i])) ++i;
  if (i == 0 || i == n || utf8[i] != '@') return false;
  const size_t domainStart = ++i;
  while (i < n && isEmailDomainChar(utf8[i])) ++i;
  if (i == domainStart || i == n || utf8[i] != '.') return false;
  ++i;
  return i < n && (isEmailDomainChar(utf8[i]) || utf8[i] == '.');
}

}  // namespace spanforge::patterns
