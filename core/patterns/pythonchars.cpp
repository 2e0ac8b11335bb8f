#include "patterns/pythonchars.h"

#include <utf8proc.h>

#include <algorithm>
#include <iterator>

namespace spanforge::patterns::pychar {
namespace {

struct Range {
  char32_t first;
  char32_t last;
};

template <size_t N>
bool inRanges(const Range (&ranges)[N], char32_t cp) {
  const Range* it = std::upper_bound(std::begin(ranges), std::end(ranges), cp,
                                     [](char32_t c, const Range& r) { return c < r.first; });
  return it != std::begin(ranges) && cp <= std::prev(it)->last;
}

// The tables below list what CPython's unicodedata (Unicode 14, Python 3.11) says beyond the
// general category, checked code point by code point against str's methods; the one later
// addition (Unicode 15's Cyrillic modifier letters, Other_Lowercase) is added by hand so they
// agree with utf8proc's categories.

// Other_Lowercase (PropList.txt): lowercase without being Ll, e.g. ª º ʰ ⅰ ⓐ.
constexpr Range kOtherLowercase[] = {
    {0x00AA, 0x00AA},   {0x00BA, 0x00BA},   {0x02B0, 0x02B8},   {0x02C0, 0x02C1},
    {0x02E0, 0x02E4},   {0x0345, 0x0345},   {0x037A, 0x037A},   {0x1D2C, 0x1D6A},
    {0x1D78, 0x1D78},   {0x1D9B, 0x1DBF},   {0x2071, 0x2071},   {0x207F, 0x207F},
    {0x2090, 0x209C},   {0x2170, 0x217F},   {0x24D0, 0x24E9},   {0x2C7C, 0x2C7D},
    {0xA69C, 0xA69D},   {0xA770, 0xA770},   {0xA7F8, 0xA7F9},   {0xAB5C, 0xAB5F},
    {0x10780, 0x10780}, {0x10783, 0x10785}, {0x10787, 0x107B0}, {0x107B2, 0x107BA},
    {0x1E030, 0x1E06D},
};

// Other_Uppercase: Roman numerals Ⅰ..Ⅿ and circled or squared capital letters.
constexpr Range kOtherUppercase[] = {
    {0x2160, 0x216F}, {0x24B6, 0x24CF}, {0x1F130, 0x1F149}, {0x1F150, 0x1F169}, {0x1F170, 0x1F189},
};

// Numeric_Type=Digit outside Nd (category No): ² ³ ¹, superscripts, subscripts, circled,
// parenthesized and dingbat digits, Ethiopic and a few historic scripts' digits.
constexpr Range kDigitNotDecimal[] = {
    {0x00B2, 0x00B3},   {0x00B9, 0x00B9},   {0x1369, 0x1371},   {0x19DA, 0x19DA},
    {0x2070, 0x2070},   {0x2074, 0x2079},   {0x2080, 0x2089},   {0x2460, 0x2468},
    {0x2474, 0x247C},   {0x2488, 0x2490},   {0x24EA, 0x24EA},   {0x24F5, 0x24FD},
    {0x24FF, 0x24FF},   {0x2776, 0x277E},   {0x2780, 0x2788},   {0x278A, 0x2792},
    {0x10A40, 0x10A43}, {0x10E60, 0x10E68}, {0x11052, 0x1105A}, {0x1F100, 0x1F10A},
};

// str.isspace: Zs plus bidi classes WS, B and S (tab, line feed, the file/group/record/unit
// separators U+001C..U+001F, NEL, line and paragraph separators).
constexpr Range kSpace[] = {
    {0x0009, 0x000D}, {0x001C, 0x0020}, {0x0085, 0x0085}, {0x00A0, 0x00A0}, {0x1680, 0x1680},
    {0x2000, 0x200A}, {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000},
};

// Case_Ignorable beyond Mn, Me, Cf, Lm and Sk: Word_Break MidLetter, MidNumLet and Single_Quote
// (apostrophes, full stops, colons, middle dots).
constexpr Range kCaseIgnorablePunctuation[] = {
    {0x0027, 0x0027}, {0x002E, 0x002E}, {0x003A, 0x003A}, {0x00B7, 0x00B7},
    {0x0387, 0x0387}, {0x055F, 0x055F}, {0x05F4, 0x05F4}, {0x2018, 0x2019},
    {0x2024, 0x2024}, {0x2027, 0x2027}, {0xFE13, 0xFE13}, {0xFE52, 0xFE52},
    {0xFE55, 0xFE55}, {0xFF07, 0xFF07}, {0xFF0E, 0xFF0E}, {0xFF1A, 0xFF1A},
};

utf8proc_category_t category(char32_t cp) {
  return utf8proc_category(static_cast<utf8proc_int32_t>(cp));
}

bool isAsciiLower(char32_t cp) { return cp >= 'a' && cp <= 'z'; }
bool isAsciiUpper(char32_t cp) { return cp >= 'A' && cp <= 'Z'; }
bool isAsciiDigit(char32_t cp) { return cp >= '0' && cp <= '9'; }

}  // namespace

bool isAlpha(char32_t cp) {
  if (cp < 0x80) return isAsciiLower(cp) || isAsciiUpper(cp);
  const auto c = category(cp);
  return c >= UTF8PROC_CATEGORY_LU && c <= UTF8PROC_CATEGORY_LO;
}

bool isDecimal(char32_t cp) {
  if (cp < 0x80) return isAsciiDigit(cp);
  return category(cp) == UTF8PROC_CATEGORY_ND;
}

bool isDigit(char32_t cp) {
  if (cp < 0x80) return isAsciiDigit(cp);
  const auto c = category(cp);
  return c == UTF8PROC_CATEGORY_ND || (c == UTF8PROC_CATEGORY_NO && inRanges(kDigitNotDecimal, cp));
}

bool isLowercase(char32_t cp) {
  if (cp < 0x80) return isAsciiLower(cp);
  return category(cp) == UTF8PROC_CATEGORY_LL || inRanges(kOtherLowercase, cp);
}

bool isUppercase(char32_t cp) {
  if (cp < 0x80) return isAsciiUpper(cp);
  return category(cp) == UTF8PROC_CATEGORY_LU || inRanges(kOtherUppercase, cp);
}

bool isTitlecase(char32_t cp) { return cp >= 0x80 && category(cp) == UTF8PROC_CATEGORY_LT; }

bool isCased(char32_t cp) { return isLowercase(cp) || isUppercase(cp) || isTitlecase(cp); }

bool isCaseIgnorable(char32_t cp) {
  switch (category(cp)) {
    case UTF8PROC_CATEGORY_MN:
    case UTF8PROC_CATEGORY_ME:
    case UTF8PROC_CATEGORY_CF:
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_SK:
      return true;
    default:
      return inRanges(kCaseIgnorablePunctuation, cp);
  }
}

bool isSpace(char32_t cp) { return inRanges(kSpace, cp); }

bool isWordChar(char32_t cp) {
  if (cp < 0x80) return isAsciiLower(cp) || isAsciiUpper(cp) || isAsciiDigit(cp) || cp == '_';
  const auto c = category(cp);
  return (c >= UTF8PROC_CATEGORY_LU && c <= UTF8PROC_CATEGORY_LO) ||
         (c >= UTF8PROC_CATEGORY_ND && c <= UTF8PROC_CATEGORY_NO);
}

bool isPunctuation(char32_t cp) {
  const auto c = category(cp);
  return c >= UTF8PROC_CATEGORY_PC && c <= UTF8PROC_CATEGORY_PO;
}

char32_t nextCodePoint(std::string_view text, size_t& pos) {
  const auto byte = static_cast<unsigned char>(text[pos]);
  if (byte < 0x80) {
    ++pos;
    return byte;
  }
  utf8proc_int32_t cp = 0;
  const auto n = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(text.data() + pos),
                                  static_cast<utf8proc_ssize_t>(text.size() - pos), &cp);
  if (n <= 0) {
    ++pos;
    return U'\uFFFD';
  }
  pos += static_cast<size_t>(n);
  return static_cast<char32_t>(cp);
}

}  // namespace spanforge::patterns::pychar
