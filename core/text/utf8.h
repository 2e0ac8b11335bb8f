#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::text {

// Returns the byte offset of the first invalid UTF-8 sequence (overlong forms,
// surrogates and code points above U+10FFFF are invalid), or npos when valid.
size_t findInvalidUtf8(std::string_view s);

// Decodes valid UTF-8 (check with findInvalidUtf8 first; invalid bytes decode
// as U+FFFD).
std::u32string decodeUtf8(std::string_view s);
std::string encodeUtf8(std::u32string_view s);
void appendUtf8(std::string& out, char32_t cp);

size_t codePointCount(std::string_view s);
// Bytes of the valid UTF-8 character starting at s[i]; 0 when it is invalid
// or cut short.
size_t charLengthAt(std::string_view s, size_t i);
// Number of UTF-16 code units the text takes (astral characters count two).
size_t utf16Length(std::string_view s);

// Maps code-point offsets of one text to byte offsets and UTF-16 offsets and
// back, in O(1) after an O(n) build. Offsets equal to the length are valid.
class OffsetMap {
 public:
  explicit OffsetMap(std::string_view utf8);

  int64_t codePoints() const { return static_cast<int64_t>(cpToByte_.size()) - 1; }
  int64_t utf16Units() const { return static_cast<int64_t>(u16ToCp_.size()) - 1; }
  size_t byteOffset(int64_t cp) const { return cpToByte_.at(static_cast<size_t>(cp)); }
  int64_t utf16Offset(int64_t cp) const { return cpToU16_.at(static_cast<size_t>(cp)); }
  // Code point at a UTF-16 offset; -1 when the offset falls inside a surrogate
  // pair or outside the text.
  int64_t fromUtf16(int64_t u16) const;
  // Substring by code-point offsets.
  std::string_view slice(std::string_view utf8, int64_t cpStart, int64_t cpEnd) const;
  // The text between two code-point offsets, or nullopt when they are out of
  // order, empty or outside the text (spans from a store are not trusted).
  std::optional<std::string_view> text(std::string_view utf8, int64_t cpStart, int64_t cpEnd) const;

 private:
  std::vector<size_t> cpToByte_;
  std::vector<int64_t> cpToU16_;
  std::vector<int64_t> u16ToCp_;
};

}  // namespace spanforge::text
