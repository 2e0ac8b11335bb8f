#pragma once

#include <algorithm>
#include <cstddef>
#include <string>

namespace spanforge::project {

// The white space a span should not begin or end with: what the data checks
// flag and the data fixes trim (ASCII spaces and breaks, no-break and zero-width
// spaces, the byte-order mark, the typographic spaces U+2000..U+200A).
inline bool isSpanSpace(char32_t c) {
  return c == U' ' || c == U'\t' || c == U'\n' || c == U'\r' || c == U'\u00A0' || c == U'\u200B' ||
         c == U'\uFEFF' || (c >= U'\u2000' && c <= U'\u200A');
}

// A document with nothing to tag: only white space, or no tokens. The data
// checks report it; the data fixes set it to ignored.
inline bool isEmptyDocument(const std::u32string& text, size_t tokens) {
  return tokens == 0 || std::all_of(text.begin(), text.end(), isSpanSpace);
}

}  // namespace spanforge::project
