#include "patterns/urlpattern.h"

#include <algorithm>
#include <cstddef>
#include <iterator>

#include "patterns/pythonchars.h"

namespace spanforge::patterns {
namespace {

using pychar::nextCodePoint;

constexpr size_t kNoMatch = std::string_view::npos;

struct Range {
  char32_t first;
  char32_t last;
};

// spaCy's ALPHA_LOWER (spacy/lang/char_classes.py: lower-case Latin, Cyrillic, Greek and
// Tatar letters plus the uncased scripts it lists), the letters a host name's last label may
// have; computed by testing every code point against spaCy's character class.
constexpr Range kAlphaLower[] = {
    {0x0061, 0x007A},   {0x00DF, 0x00F6},   {0x00F8, 0x00FF},   {0x0101, 0x0101},
    {0x0103, 0x0103},   {0x0105, 0x0105},   {0x0107, 0x0107},   {0x0109, 0x0109},
    {0x010B, 0x010B},   {0x010D, 0x010D},   {0x010F, 0x010F},   {0x0111, 0x0111},
    {0x0113, 0x0113},   {0x0115, 0x0115},   {0x0117, 0x0117},   {0x0119, 0x0119},
    {0x011B, 0x011B},   {0x011D, 0x011D},   {0x011F, 0x011F},   {0x0121, 0x0121},
    {0x0123, 0x0123},   {0x0125, 0x0125},   {0x0127, 0x0127},   {0x0129, 0x0129},
    {0x012B, 0x012B},   {0x012D, 0x012D},   {0x012F, 0x012F},   {0x0131, 0x0131},
    {0x0133, 0x0133},   {0x0135, 0x0135},   {0x0137, 0x0138},   {0x013A, 0x013A},
    {0x013C, 0x013C},   {0x013E, 0x013E},   {0x0140, 0x0140},   {0x0142, 0x0142},
    {0x0144, 0x0144},   {0x0146, 0x0146},   {0x0148, 0x0149},   {0x014B, 0x014B},
    {0x014D, 0x014D},   {0x014F, 0x014F},   {0x0151, 0x0151},   {0x0153, 0x0153},
    {0x0155, 0x0155},   {0x0157, 0x0157},   {0x0159, 0x0159},   {0x015B, 0x015B},
    {0x015D, 0x015D},   {0x015F, 0x015F},   {0x0161, 0x0161},   {0x0163, 0x0163},
    {0x0165, 0x0165},   {0x0167, 0x0167},   {0x0169, 0x0169},   {0x016B, 0x016B},
    {0x016D, 0x016D},   {0x016F, 0x016F},   {0x0171, 0x0171},   {0x0173, 0x0173},
    {0x0175, 0x0175},   {0x0177, 0x0177},   {0x017A, 0x017A},   {0x017C, 0x017C},
    {0x017E, 0x0180},   {0x0183, 0x0183},   {0x0185, 0x0185},   {0x0188, 0x0188},
    {0x018C, 0x018D},   {0x0192, 0x0192},   {0x0195, 0x0195},   {0x0199, 0x019B},
    {0x019E, 0x019E},   {0x01A1, 0x01A1},   {0x01A3, 0x01A3},   {0x01A5, 0x01A5},
    {0x01A8, 0x01A8},   {0x01AA, 0x01AB},   {0x01AD, 0x01AD},   {0x01B0, 0x01B0},
    {0x01B4, 0x01B4},   {0x01B6, 0x01B6},   {0x01B9, 0x01BA},   {0x01BD, 0x01BF},
    {0x01C6, 0x01C6},   {0x01C9, 0x01C9},   {0x01CC, 0x01CC},   {0x01CE, 0x01CE},
    {0x01D0, 0x01D0},   {0x01D2, 0x01D2},   {0x01D4, 0x01D4},   {0x01D6, 0x01D6},
    {0x01D8, 0x01D8},   {0x01DA, 0x01DA},   {0x01DC, 0x01DD},   {0x01DF, 0x01DF},
    {0x01E1, 0x01E1},   {0x01E3, 0x01E3},   {0x01E5, 0x01E5},   {0x01E7, 0x01E7},
    {0x01E9, 0x01E9},   {0x01EB, 0x01EB},   {0x01ED, 0x01ED},   {0x01EF, 0x01F0},
    {0x01F3, 0x01F3},   {0x01F5, 0x01F5},   {0x01F9, 0x01F9},   {0x01FB, 0x01FB},
    {0x01FD, 0x01FD},   {0x01FF, 0x01FF},   {0x0201, 0x0201},   {0x0203, 0x0203},
    {0x0205, 0x0205},   {0x0207, 0x0207},   {0x0209, 0x0209},   {0x020B, 0x020B},
    {0x020D, 0x020D},   {0x020F, 0x020F},   {0x0211, 0x0211},   {0x0213, 0x0213},
    {0x0215, 0x0215},   {0x0217, 0x0217},   {0x0219, 0x0219},   {0x021B, 0x021B},
    {0x021D, 0x021D},   {0x021F, 0x021F},   {0x0221, 0x0221},   {0x0223, 0x0223},
    {0x0225, 0x0225},   {0x0227, 0x0227},   {0x0229, 0x0229},   {0x022B, 0x022B},
    {0x022D, 0x022D},   {0x022F, 0x022F},   {0x0231, 0x0231},   {0x0233, 0x0239},
    {0x023C, 0x023C},   {0x023F, 0x0240},   {0x0242, 0x0242},   {0x0247, 0x0247},
    {0x0249, 0x0249},   {0x024B, 0x024B},   {0x024D, 0x024D},   {0x024F, 0x02AF},
    {0x03AC, 0x03AF},   {0x03B1, 0x03C9},   {0x03CC, 0x03CE},   {0x0430, 0x0451},
    {0x0453, 0x045A},   {0x045C, 0x045D},   {0x0491, 0x0491},   {0x0497, 0x0497},
    {0x04A3, 0x04A3},   {0x04AF, 0x04AF},   {0x04BB, 0x04BB},   {0x04D9, 0x04D9},
    {0x04E9, 0x04E9},   {0x0591, 0x05F4},   {0x0620, 0x064A},   {0x066E, 0x06D5},
    {0x06E5, 0x06FF},   {0x0750, 0x077F},   {0x08A0, 0x08BD},   {0x0900, 0x09FF},
    {0x0B80, 0x0CFF},   {0x0D80, 0x0DFF},   {0x1100, 0x137F},   {0x1D00, 0x1D25},
    {0x1D6B, 0x1D77},   {0x1D79, 0x1D9A},   {0x1E01, 0x1E01},   {0x1E03, 0x1E03},
    {0x1E05, 0x1E05},   {0x1E07, 0x1E07},   {0x1E09, 0x1E09},   {0x1E0B, 0x1E0B},
    {0x1E0D, 0x1E0D},   {0x1E0F, 0x1E0F},   {0x1E11, 0x1E11},   {0x1E13, 0x1E13},
    {0x1E15, 0x1E15},   {0x1E17, 0x1E17},   {0x1E19, 0x1E19},   {0x1E1B, 0x1E1B},
    {0x1E1D, 0x1E1D},   {0x1E1F, 0x1E1F},   {0x1E21, 0x1E21},   {0x1E23, 0x1E23},
    {0x1E25, 0x1E25},   {0x1E27, 0x1E27},   {0x1E29, 0x1E29},   {0x1E2B, 0x1E2B},
    {0x1E2D, 0x1E2D},   {0x1E2F, 0x1E2F},   {0x1E31, 0x1E31},   {0x1E33, 0x1E33},
    {0x1E35, 0x1E35},   {0x1E37, 0x1E37},   {0x1E39, 0x1E39},   {0x1E3B, 0x1E3B},
    {0x1E3D, 0x1E3D},   {0x1E3F, 0x1E3F},   {0x1E41, 0x1E41},   {0x1E43, 0x1E43},
    {0x1E45, 0x1E45},   {0x1E47, 0x1E47},   {0x1E49, 0x1E49},   {0x1E4B, 0x1E4B},
    {0x1E4D, 0x1E4D},   {0x1E4F, 0x1E4F},   {0x1E51, 0x1E51},   {0x1E53, 0x1E53},
    {0x1E55, 0x1E55},   {0x1E57, 0x1E57},   {0x1E59, 0x1E59},   {0x1E5B, 0x1E5B},
    {0x1E5D, 0x1E5D},   {0x1E5F, 0x1E5F},   {0x1E61, 0x1E61},   {0x1E63, 0x1E63},
    {0x1E65, 0x1E65},   {0x1E67, 0x1E67},   {0x1E69, 0x1E69},   {0x1E6B, 0x1E6B},
    {0x1E6D, 0x1E6D},   {0x1E6F, 0x1E6F},   {0x1E71, 0x1E71},   {0x1E73, 0x1E73},
    {0x1E75, 0x1E75},   {0x1E77, 0x1E77},   {0x1E79, 0x1E79},   {0x1E7B, 0x1E7B},
    {0x1E7D, 0x1E7D},   {0x1E7F, 0x1E7F},   {0x1E81, 0x1E81},   {0x1E83, 0x1E83},
    {0x1E85, 0x1E85},   {0x1E87, 0x1E87},   {0x1E89, 0x1E89},   {0x1E8B, 0x1E8B},
    {0x1E8D, 0x1E8D},   {0x1E8F, 0x1E8F},   {0x1E91, 0x1E91},   {0x1E93, 0x1E93},
    {0x1E95, 0x1E9D},   {0x1E9F, 0x1E9F},   {0x1EA1, 0x1EA1},   {0x1EA3, 0x1EA3},
    {0x1EA5, 0x1EA5},   {0x1EA7, 0x1EA7},   {0x1EA9, 0x1EA9},   {0x1EAB, 0x1EAB},
    {0x1EAD, 0x1EAD},   {0x1EAF, 0x1EAF},   {0x1EB1, 0x1EB1},   {0x1EB3, 0x1EB3},
    {0x1EB5, 0x1EB5},   {0x1EB7, 0x1EB7},   {0x1EB9, 0x1EB9},   {0x1EBB, 0x1EBB},
    {0x1EBD, 0x1EBD},   {0x1EBF, 0x1EBF},   {0x1EC1, 0x1EC1},   {0x1EC3, 0x1EC3},
    {0x1EC5, 0x1EC5},   {0x1EC7, 0x1EC7},   {0x1EC9, 0x1EC9},   {0x1ECB, 0x1ECB},
    {0x1ECD, 0x1ECD},   {0x1ECF, 0x1ECF},   {0x1ED1, 0x1ED1},   {0x1ED3, 0x1ED3},
    {0x1ED5, 0x1ED5},   {0x1ED7, 0x1ED7},   {0x1ED9, 0x1ED9},   {0x1EDB, 0x1EDB},
    {0x1EDD, 0x1EDD},   {0x1EDF, 0x1EDF},   {0x1EE1, 0x1EE1},   {0x1EE3, 0x1EE3},
    {0x1EE5, 0x1EE5},   {0x1EE7, 0x1EE7},   {0x1EE9, 0x1EE9},   {0x1EEB, 0x1EEB},
    {0x1EED, 0x1EED},   {0x1EEF, 0x1EEF},   {0x1EF1, 0x1EF1},   {0x1EF3, 0x1EF3},
    {0x1EF5, 0x1EF5},   {0x1EF7, 0x1EF7},   {0x1EF9, 0x1EF9},   {0x1EFB, 0x1EFB},
    {0x1EFD, 0x1EFD},   {0x1EFF, 0x1EFF},   {0x2C61, 0x2C61},   {0x2C65, 0x2C66},
    {0x2C68, 0x2C68},   {0x2C6A, 0x2C6A},   {0x2C6C, 0x2C6C},   {0x2C71, 0x2C71},
    {0x2C73, 0x2C74},   {0x2C76, 0x2C7B},   {0x2E80, 0x2FDF},   {0x2FF0, 0x30FF},
    {0x31C0, 0x31EF},   {0x3200, 0x4DBF},   {0x4E00, 0x9FFF},   {0xA723, 0xA723},
    {0xA725, 0xA725},   {0xA727, 0xA727},   {0xA729, 0xA729},   {0xA72B, 0xA72B},
    {0xA72D, 0xA72D},   {0xA72F, 0xA731},   {0xA733, 0xA733},   {0xA735, 0xA735},
    {0xA737, 0xA737},   {0xA739, 0xA739},   {0xA73B, 0xA73B},   {0xA73D, 0xA73D},
    {0xA73F, 0xA73F},   {0xA741, 0xA741},   {0xA743, 0xA743},   {0xA745, 0xA745},
    {0xA747, 0xA747},   {0xA749, 0xA749},   {0xA74B, 0xA74B},   {0xA74D, 0xA74D},
    {0xA74F, 0xA74F},   {0xA751, 0xA751},   {0xA753, 0xA753},   {0xA755, 0xA755},
    {0xA757, 0xA757},   {0xA759, 0xA759},   {0xA75B, 0xA75B},   {0xA75D, 0xA75D},
    {0xA75F, 0xA75F},   {0xA761, 0xA761},   {0xA763, 0xA763},   {0xA765, 0xA765},
    {0xA767, 0xA767},   {0xA769, 0xA769},   {0xA76B, 0xA76B},   {0xA76D, 0xA76D},
    {0xA76F, 0xA76F},   {0xA771, 0xA778},   {0xA77A, 0xA77A},   {0xA77C, 0xA77C},
    {0xA77F, 0xA77F},   {0xA781, 0xA781},   {0xA783, 0xA783},   {0xA785, 0xA785},
    {0xA787, 0xA787},   {0xA78C, 0xA78C},   {0xA78E, 0xA78E},   {0xA791, 0xA791},
    {0xA793, 0xA795},   {0xA797, 0xA797},   {0xA799, 0xA799},   {0xA79B, 0xA79B},
    {0xA79D, 0xA79D},   {0xA79F, 0xA79F},   {0xA7A1, 0xA7A1},   {0xA7A3, 0xA7A3},
    {0xA7A5, 0xA7A5},   {0xA7A7, 0xA7A7},   {0xA7A9, 0xA7A9},   {0xA7AF, 0xA7AF},
    {0xA7B5, 0xA7B5},   {0xA7B7, 0xA7B7},   {0xA7B9, 0xA7B9},   {0xA7FA, 0xA7FA},
    {0xAB30, 0xAB5A},   {0xAB60, 0xAB64},   {0xAC00, 0xD7AF},   {0xF900, 0xFAFF},
    {0xFB1D, 0xFBB1},   {0xFBD3, 0xFD3D},   {0xFD50, 0xFDC7},   {0xFDF0, 0xFDFB},
    {0xFE30, 0xFE4F},   {0xFE70, 0xFEFC},   {0xFF41, 0xFF5A},   {0x1EE00, 0x1EEBB},
    {0x1F200, 0x1F2FF}, {0x20000, 0x2A6DF}, {0x2A700, 0x2EBEF}, {0x2F800, 0x2FA1F},
};

// like_url's top-level domains (spacy/lang/lex_attrs.py), sorted for binary search.
constexpr std::string_view kTlds[] = {
    "ac",  "ad",     "ae",   "aero", "af",  "ag",  "ai",   "al",     "am",   "an",  "ao",  "aq",
    "ar",  "as",     "asia", "at",   "au",  "aw",  "ax",   "az",     "ba",   "bb",  "bd",  "be",
    "bf",  "bg",     "bh",   "bi",   "biz", "bj",  "bm",   "bn",     "bo",   "br",  "bs",  "bt",
    "bv",  "bw",     "by",   "bz",   "ca",  "cat", "cc",   "cd",     "cf",   "cg",  "ch",  "ci",
    "ck",  "cl",     "cm",   "cn",   "co",  "com", "coop", "cr",     "cs",   "cu",  "cv",  "cx",
    "cy",  "cz",     "dd",   "de",   "dj",  "dk",  "dm",   "do",     "dz",   "ec",  "edu", "ee",
    "eg",  "eh",     "er",   "es",   "et",  "eu",  "fi",   "fj",     "fk",   "fm",  "fo",  "fr",
    "ga",  "gb",     "gd",   "ge",   "gf",  "gg",  "gh",   "gi",     "gl",   "gm",  "gn",  "gov",
    "gp",  "gq",     "gr",   "gs",   "gt",  "gu",  "gw",   "gy",     "hk",   "hm",  "hn",  "hr",
    "ht",  "hu",     "icu",  "id",   "ie",  "il",  "im",   "in",     "info", "int", "io",  "iq",
    "ir",  "is",     "it",   "je",   "jm",  "jo",  "jobs", "jp",     "ke",   "kg",  "kh",  "ki",
    "km",  "kn",     "kp",   "kr",   "kw",  "ky",  "kz",   "la",     "lb",   "lc",  "li",  "lk",
    "lr",  "ls",     "lt",   "lu",   "lv",  "ly",  "ma",   "mc",     "md",   "me",  "mg",  "mh",
    "mil", "mk",     "ml",   "mm",   "mn",  "mo",  "mobi", "mp",     "mq",   "mr",  "ms",  "mt",
    "mu",  "museum", "mv",   "mw",   "mx",  "my",  "mz",   "na",     "name", "nc",  "ne",  "net",
    "nf",  "ng",     "ni",   "nl",   "no",  "np",  "nr",   "nu",     "nz",   "om",  "org", "pa",
    "pe",  "pf",     "pg",   "ph",   "pk",  "pl",  "pm",   "pn",     "pr",   "pro", "ps",  "pt",
    "pw",  "py",     "qa",   "re",   "ro",  "rs",  "ru",   "rw",     "sa",   "sb",  "sc",  "sd",
    "se",  "sg",     "sh",   "si",   "sj",  "sk",  "sl",   "sm",     "sn",   "so",  "sr",  "ss",
    "st",  "su",     "sv",   "sy",   "sz",  "tc",  "td",   "tel",    "tf",   "tg",  "th",  "tj",
    "tk",  "tl",     "tm",   "tn",   "to",  "tp",  "tr",   "travel", "tt",   "tv",  "tw",  "tz",
    "ua",  "ug",     "uk",   "us",   "uy",  "uz",  "va",   "vc",     "ve",   "vg",  "vi",  "vn",
    "vu",  "wf",     "ws",   "xxx",  "xyz", "ye",  "yt",   "za",     "zm",   "zw",
};

bool isAlphaLower(char32_t cp) {
  const Range* it = std::upper_bound(std::begin(kAlphaLower), std::end(kAlphaLower), cp,
                                     [](char32_t c, const Range& r) { return c < r.first; });
  return it != std::begin(kAlphaLower) && cp <= std::prev(it)->last;
}

bool isAsciiAlnum(char32_t cp) {
  return (cp >= 'a' && cp <= 'z') || (cp >= 'A' && cp <= 'Z') || (cp >= '0' && cp <= '9');
}
bool inAscii(char32_t cp, char lo, char hi) {
  return cp >= static_cast<char32_t>(lo) && cp <= static_cast<char32_t>(hi);
}

// [A-Za-z0-9\u00a1-\uffff]: what starts and ends a host label (astral characters do not).
bool isLabelEdge(char32_t cp) { return isAsciiAlnum(cp) || (cp >= 0xA1 && cp <= 0xFFFF); }
bool isLabelChar(char32_t cp) { return isLabelEdge(cp) || cp == '_' || cp == '-'; }

// Python's `$` without MULTILINE: the end, or a '\n' that is the last character.
bool atEnd(std::string_view text, size_t pos) {
  return pos == text.size() || (pos + 1 == text.size() && text[pos] == '\n');
}

// Moves pos over the longest run of `\d` (category Nd) and returns how many code points it had.
size_t skipDecimals(std::string_view text, size_t& pos) {
  size_t count = 0;
  while (pos < text.size()) {
    size_t next = pos;
    if (!pychar::isDecimal(nextCodePoint(text, next))) break;
    pos = next;
    ++count;
  }
  return count;
}

// (?:[/?#]\S*)?$
bool matchPathToEnd(std::string_view text, size_t pos) {
  if (atEnd(text, pos)) return true;
  if (text[pos] != '/' && text[pos] != '?' && text[pos] != '#') return false;
  ++pos;
  while (!atEnd(text, pos)) {
    if (pychar::isSpace(nextCodePoint(text, pos))) return false;
  }
  return true;
}

// (?::\d{2,5})?(?:[/?#]\S*)?$ — a port must take the whole digit run, since neither a path
// nor the end can start with a digit.
bool matchTail(std::string_view text, size_t pos) {
  if (pos < text.size() && text[pos] == ':') {
    ++pos;
    const size_t digits = skipDecimals(text, pos);
    return digits >= 2 && digits <= 5 && matchPathToEnd(text, pos);
  }
  return matchPathToEnd(text, pos);
}

// (?:\.\d{1,3}){groups} inside a lookahead: the last group needs one digit, not an end.
bool dottedGroupsFollow(std::string_view text, size_t pos, int groups) {
  for (int i = 0; i < groups; ++i) {
    if (pos >= text.size() || text[pos] != '.') return false;
    ++pos;
    const size_t digits = skipDecimals(text, pos);
    if (digits == 0 || (i + 1 < groups && digits > 3)) return false;
  }
  return true;
}

// The negative lookaheads that keep private and local networks out (10/8, 127/8,
// 169.254/16, 192.168/16, 172.16/12).
bool isPrivateNetwork(std::string_view text, size_t pos) {
  const std::string_view rest = text.substr(pos);
  const auto startsWith = [&](std::string_view p) { return rest.substr(0, p.size()) == p; };
  if (startsWith("10") && dottedGroupsFollow(text, pos + 2, 3)) return true;
  if (startsWith("127") && dottedGroupsFollow(text, pos + 3, 3)) return true;
  if ((startsWith("169.254") || startsWith("192.168")) && dottedGroupsFollow(text, pos + 7, 2)) {
    return true;
  }
  if (startsWith("172.") && rest.size() > 5) {
    size_t p = pos + 5;
    const char first = rest[4];
    const char32_t second = nextCodePoint(text, p);
    const bool second16To31 = (first == '1' && inAscii(second, '6', '9')) ||
                              (first == '2' && pychar::isDecimal(second)) ||
                              (first == '3' && inAscii(second, '0', '1'));
    if (second16To31 && dottedGroupsFollow(text, p, 2)) return true;
  }
  return false;
}

enum class OctetKind { First, Middle, Last };

// One dotted-quad octet: the whole run of `\d` from pos (ASCII ranges where the regex has
// them, any Nd where it has `\d`); pos moves past the run.
bool matchOctet(std::string_view text, size_t& pos, OctetKind kind) {
  char32_t d[3] = {0, 0, 0};
  size_t count = 0;
  while (pos < text.size()) {
    size_t next = pos;
    const char32_t cp = nextCodePoint(text, next);
    if (!pychar::isDecimal(cp)) break;
    if (count < 3) d[count] = cp;
    ++count;
    pos = next;
  }
  if (count == 0 || count > 3) return false;
  if (count < 3) return kind == OctetKind::Middle || inAscii(d[0], '1', '9');
  if (d[0] == '1') return true;
  if (d[0] != '2') return false;
  switch (kind) {
    case OctetKind::First:  // 2[01]\d|22[0-3]
      return inAscii(d[1], '0', '1') || (d[1] == '2' && inAscii(d[2], '0', '3'));
    case OctetKind::Middle:  // 2[0-4]\d|25[0-5]
      return inAscii(d[1], '0', '4') || (d[1] == '5' && inAscii(d[2], '0', '5'));
    case OctetKind::Last:  // 2[0-4]\d|25[0-4]
      return inAscii(d[1], '0', '4') || (d[1] == '5' && inAscii(d[2], '0', '4'));
  }
  return false;
}

// A public dotted-quad address from pos; returns where it ends.
size_t matchIpv4(std::string_view text, size_t pos) {
  if (isPrivateNetwork(text, pos)) return kNoMatch;
  if (!matchOctet(text, pos, OctetKind::First)) return kNoMatch;
  for (int i = 0; i < 3; ++i) {
    if (pos >= text.size() || text[pos] != '.') return kNoMatch;
    ++pos;
    if (!matchOctet(text, pos, i < 2 ? OctetKind::Middle : OctetKind::Last)) return kNoMatch;
  }
  return pos;
}

// Labels of 1 to 64 characters, each followed by '.', then 2 to 63 ALPHA_LOWER letters.
// Labels cannot hold '.' and the last label cannot be followed by one, so taking every label
// that parses is the only split the regex could find.
size_t matchHostName(std::string_view text, size_t pos) {
  int labels = 0;
  while (pos < text.size()) {
    size_t end = pos;
    size_t length = 0;
    char32_t first = 0;
    char32_t last = 0;
    while (end < text.size()) {
      size_t next = end;
      const char32_t cp = nextCodePoint(text, next);
      if (!isLabelChar(cp)) break;
      if (length == 0) first = cp;
      last = cp;
      ++length;
      end = next;
    }
    if (length == 0 || length > 64 || end >= text.size() || text[end] != '.') break;
    if (!isLabelEdge(first) || !isLabelEdge(last)) break;
    pos = end + 1;
    ++labels;
  }
  if (labels == 0) return kNoMatch;
  size_t letters = 0;
  while (pos < text.size()) {
    size_t next = pos;
    if (!isAlphaLower(nextCodePoint(text, next))) break;
    pos = next;
    ++letters;
  }
  return letters >= 2 && letters <= 63 ? pos : kNoMatch;
}

bool matchHostAndTail(std::string_view text, size_t pos) {
  const size_t ipEnd = matchIpv4(text, pos);
  if (ipEnd != kNoMatch && matchTail(text, ipEnd)) return true;
  const size_t hostEnd = matchHostName(text, pos);
  return hostEnd != kNoMatch && matchTail(text, hostEnd);
}

// (?:\S+(?::\S*)?@)? then the host: the user info is any non-empty run of non-space
// characters before an '@', so every '@' in that run is tried.
bool matchAfterScheme(std::string_view text, size_t start) {
  if (matchHostAndTail(text, start)) return true;
  if (text.find('@', start) == std::string_view::npos) return false;
  size_t pos = start;
  while (pos < text.size()) {
    const size_t at = pos;
    const char32_t cp = nextCodePoint(text, pos);
    if (pychar::isSpace(cp)) break;
    if (cp == '@' && at > start && matchHostAndTail(text, pos)) return true;
  }
  return false;
}

// (?:[\w\+\-\.]{2,})://  — returns where the host starts, or kNoMatch.
size_t matchScheme(std::string_view text) {
  size_t pos = 0;
  size_t length = 0;
  while (pos < text.size()) {
    size_t next = pos;
    const char32_t cp = nextCodePoint(text, next);
    if (!pychar::isWordChar(cp) && cp != '+' && cp != '-' && cp != '.') break;
    pos = next;
    ++length;
  }
  if (length < 2 || text.substr(pos, 3) != "://") return kNoMatch;
  return pos + 3;
}

}  // namespace

bool matchesUrlPattern(std::string_view text) {
  if (matchAfterScheme(text, 0)) return true;
  const size_t hostStart = matchScheme(text);
  return hostStart != kNoMatch && matchAfterScheme(text, hostStart);
}

bool isKnownTld(std::string_view tld) {
  return std::binary_search(std::begin(kTlds), std::end(kTlds), tld);
}

}  // namespace spanforge::patterns
