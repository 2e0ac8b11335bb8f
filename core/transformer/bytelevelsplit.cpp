#include "transformer/bytelevelsplit.h"

#include "text/charclass.h"

namespace spanforge::transformer {
namespace {

enum class Kind { Space, Letter, Number, Other };

Kind kindOf(char32_t c) {
  if (text::isWhiteSpace(c)) return Kind::Space;
  const text::CharClass k = text::classify(c);
  if (text::isLetter(k)) return Kind::Letter;                                            // L*
  if (k == text::CharClass::Digit || k == text::CharClass::Number) return Kind::Number;  // N*
  return Kind::Other;
}

// The contraction at i ('s, 't, 're, 've, 'm, 'll, 'd), as its length; 0: none.
size_t contraction(const std::u32string& t, size_t i) {
  if (t[i] != U'\'' || i + 1 >= t.size()) return 0;
  const char32_t a = t[i + 1];
  if (a == U's' || a == U't' || a == U'm' || a == U'd') return 2;
  if (i + 2 >= t.size()) return 0;
  const char32_t b = t[i + 2];
  if ((a == U'r' && b == U'e') || (a == U'v' && b == U'e') || (a == U'l' && b == U'l')) return 3;
  return 0;
}

}  // namespace

std::vector<std::pair<size_t, size_t>> byteLevelSplit(const std::u32string& t) {
  std::vector<std::pair<size_t, size_t>> out;
  const size_t n = t.size();
  size_t i = 0;
  const auto runOf = [&](size_t from, Kind k) {
    size_t j = from;
    while (j < n && kindOf(t[j]) == k) ++j;
    return j;
  };
  while (i < n) {
    if (const size_t c = contraction(t, i)) {
      out.emplace_back(i, i + c);
      i += c;
      continue;
    }
    // " ?" then a run of letters, of numbers or of other characters.
    const size_t body = t[i] == U' ' && i + 1 < n && kindOf(t[i + 1]) != Kind::Space ? i + 1 : i;
    const Kind k = kindOf(t[body]);
    if (k != Kind::Space) {
      const size_t end = runOf(body, k);
      out.emplace_back(i, end);
      i = end;
      continue;
    }
    // White space: all of it at the end; else all but its last character,
    // which goes with what follows (or alone, when it is the only one).
    const size_t end = runOf(i, Kind::Space);
    const size_t stop = end == n || end - i == 1 ? end : end - 1;
    out.emplace_back(i, stop);
    i = stop;
  }
  return out;
}

}  // namespace spanforge::transformer
