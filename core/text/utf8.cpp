#include "text/utf8.h"

namespace spanforge::text {
namespace {

// Decodes one code point at s[i]; returns its length in bytes, or 0 if invalid.
size_t decodeOne(std::string_view s, size_t i, char32_t& cp) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(s[i + k]); };
  const unsigned char c = b(0);
  const size_t left = s.size() - i;
  if (c < 0x80) {
    cp = c;
    return 1;
  }
  size_t len = 0;
  char32_t min = 0;
  if ((c & 0xE0) == 0xC0) {
    len = 2, cp = c & 0x1F, min = 0x80;
  } else if ((c & 0xF0) == 0xE0) {
    len = 3, cp = c & 0x0F, min = 0x800;
  } else if ((c & 0xF8) == 0xF0) {
    len = 4, cp = c & 0x07, min = 0x10000;
  } else {
    return 0;
  }
  if (left < len) return 0;
  for (size_t k = 1; k < len; ++k) {
    if ((b(k) & 0xC0) != 0x80) return 0;
    cp = (cp << 6) | (b(k) & 0x3F);
  }
  if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return 0;
  return len;
}

}  // namespace

size_t charLengthAt(std::string_view s, size_t i) {
  char32_t cp = 0;
  return i < s.size() ? decodeOne(s, i, cp) : 0;
}

size_t findInvalidUtf8(std::string_view s) {
  char32_t cp = 0;
  for (size_t i = 0; i < s.size();) {
    const size_t n = decodeOne(s, i, cp);
    if (n == 0) return i;
    i += n;
  }
  return std::string_view::npos;
}

std::u32string decodeUtf8(std::string_view s) {
  std::u32string out;
  out.reserve(s.size());
  char32_t cp = 0;
  for (size_t i = 0; i < s.size();) {
    const size_t n = decodeOne(s, i, cp);
    out.push_back(n == 0 ? U'\uFFFD' : cp);
    i += n == 0 ? 1 : n;
  }
  return out;
}

void appendUtf8(std::string& out, char32_t cp) {
  if (cp < 0x80) {
    out.push_back(static_cast<char>(cp));
  } else if (cp < 0x800) {
    out.push_back(static_cast<char>(0xC0 | (cp >> 6)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else if (cp < 0x10000) {
    out.push_back(static_cast<char>(0xE0 | (cp >> 12)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  } else {
    out.push_back(static_cast<char>(0xF0 | (cp >> 18)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 12) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | ((cp >> 6) & 0x3F)));
    out.push_back(static_cast<char>(0x80 | (cp & 0x3F)));
  }
}

std::string encodeUtf8(std::u32string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char32_t cp : s) appendUtf8(out, cp);
  return out;
}

size_t codePointCount(std::string_view s) {
  size_t n = 0;
  for (unsigned char c : s) n += (c & 0xC0) != 0x80;
  return n;
}

size_t utf16Length(std::string_view s) {
  size_t n = 0;
  for (unsigned char c : s) {
    if ((c & 0xC0) != 0x80) n += 1;
    if ((c & 0xF8) == 0xF0) n += 1;  // astral: a surrogate pair
  }
  return n;
}

OffsetMap::OffsetMap(std::string_view utf8) {
  cpToByte_.reserve(utf8.size() + 1);
  cpToU16_.reserve(utf8.size() + 1);
  u16ToCp_.reserve(utf8.size() + 1);
  int64_t u16 = 0;
  for (size_t i = 0; i < utf8.size(); ++i) {
    const auto c = static_cast<unsigned char>(utf8[i]);
    if ((c & 0xC0) == 0x80) continue;
    const int64_t cp = static_cast<int64_t>(cpToByte_.size());
    cpToByte_.push_back(i);
    cpToU16_.push_back(u16);
    u16ToCp_.push_back(cp);
    ++u16;
    if ((c & 0xF8) == 0xF0) {
      u16ToCp_.push_back(-1);  // low surrogate: not a code-point boundary
      ++u16;
    }
  }
  cpToByte_.push_back(utf8.size());
  cpToU16_.push_back(u16);
  u16ToCp_.push_back(static_cast<int64_t>(cpToByte_.size()) - 1);
}

int64_t OffsetMap::fromUtf16(int64_t u16) const {
  if (u16 < 0 || u16 >= static_cast<int64_t>(u16ToCp_.size())) return -1;
  return u16ToCp_[static_cast<size_t>(u16)];
}

std::string_view OffsetMap::slice(std::string_view utf8, int64_t cpStart, int64_t cpEnd) const {
  const size_t b = byteOffset(cpStart);
  return utf8.substr(b, byteOffset(cpEnd) - b);
}

std::optional<std::string_view> OffsetMap::text(std::string_view utf8, int64_t cpStart,
                                                int64_t cpEnd) const {
  if (cpStart < 0 || cpEnd > codePoints() || cpEnd <= cpStart) return std::nullopt;
  return slice(utf8, cpStart, cpEnd);
}

}  // namespace spanforge::text
