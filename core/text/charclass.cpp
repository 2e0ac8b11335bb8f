#include "text/charclass.h"

#include <utf8proc.h>

#include <array>

namespace spanforge::text {
namespace {

CharClass fromCategory(char32_t cp) {
  // Invisible characters that users and tweets put between words; treating
  // them as separators keeps them out of token texts.
  switch (cp) {
    case 0x200B:  // zero-width space
    case 0xFEFF:  // BOM / zero-width no-break space
    case 0x180E:  // Mongolian vowel separator
    case 0x200E:  // left-to-right mark
    case 0x200F:  // right-to-left mark
      return CharClass::Space;
    case 0x00AD:  // soft hyphen
    case 0x200C:  // zero-width non-joiner
    case 0x200D:  // zero-width joiner
    case 0x2060:  // word joiner
      return CharClass::Joiner;
    default:
      break;
  }
  if ((cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069)) return CharClass::Space;
  switch (utf8proc_category(static_cast<utf8proc_int32_t>(cp))) {
    case UTF8PROC_CATEGORY_LU:
    case UTF8PROC_CATEGORY_LT:
      return CharClass::Upper;
    case UTF8PROC_CATEGORY_LL:
      return CharClass::Lower;
    case UTF8PROC_CATEGORY_LM:
    case UTF8PROC_CATEGORY_LO:
      return CharClass::Letter;
    case UTF8PROC_CATEGORY_MN:
    case UTF8PROC_CATEGORY_MC:
    case UTF8PROC_CATEGORY_ME:
      return CharClass::Mark;
    case UTF8PROC_CATEGORY_ND:
      return CharClass::Digit;
    case UTF8PROC_CATEGORY_NL:
    case UTF8PROC_CATEGORY_NO:
      return CharClass::Number;
    case UTF8PROC_CATEGORY_PC:
      return CharClass::Connector;
    case UTF8PROC_CATEGORY_PD:
    case UTF8PROC_CATEGORY_PS:
    case UTF8PROC_CATEGORY_PE:
    case UTF8PROC_CATEGORY_PI:
    case UTF8PROC_CATEGORY_PF:
    case UTF8PROC_CATEGORY_PO:
      return CharClass::Punct;
    case UTF8PROC_CATEGORY_SM:
    case UTF8PROC_CATEGORY_SC:
    case UTF8PROC_CATEGORY_SK:
    case UTF8PROC_CATEGORY_SO:
      return CharClass::Symbol;
    case UTF8PROC_CATEGORY_ZS:
    case UTF8PROC_CATEGORY_ZL:
    case UTF8PROC_CATEGORY_ZP:
    case UTF8PROC_CATEGORY_CC:
      return CharClass::Space;
    default:
      return CharClass::Other;
  }
}

// ASCII is most of the text in practice: answer it from a table.
const std::array<CharClass, 128>& asciiTable() {
  static const std::array<CharClass, 128> table = [] {
    std::array<CharClass, 128> t{};
    for (char32_t c = 0; c < 128; ++c) t[c] = fromCategory(c);
    return t;
  }();
  return table;
}

}  // namespace

CharClass classify(char32_t cp) {
  if (cp < 128) return asciiTable()[cp];
  return fromCategory(cp);
}

bool isWhiteSpace(char32_t cp) {
  switch (cp) {
    case 0x09:
    case 0x0A:
    case 0x0B:
    case 0x0C:
    case 0x0D:
    case 0x20:
    case 0x85:
    case 0xA0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202F:
    case 0x205F:
    case 0x3000:
      return true;
    default:
      return cp >= 0x2000 && cp <= 0x200A;
  }
}

}  // namespace spanforge::text
