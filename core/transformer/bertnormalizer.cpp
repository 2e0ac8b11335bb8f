#include "transformer/bertnormalizer.h"

#include "text/charclass.h"

#include <utf8proc.h>

namespace spanforge::transformer {
namespace {

utf8proc_category_t category(char32_t c) {
  return static_cast<utf8proc_category_t>(utf8proc_category(static_cast<utf8proc_int32_t>(c)));
}

bool isCased(char32_t c) {
  const auto cat = category(c);
  return cat == UTF8PROC_CATEGORY_LU || cat == UTF8PROC_CATEGORY_LL || cat == UTF8PROC_CATEGORY_LT;
}

// Unicode's full lower-casing where it differs from the one-to-one mapping:
// U+0130 becomes "i" and a combining dot; a capital sigma ending a word is final.
void appendLower(const std::u32string& in, size_t i, std::u32string& out) {
  const char32_t c = in[i];
  if (c == U'\u0130') {
    out += U"i\u0307";
    return;
  }
  if (c == U'\u03A3') {
    const bool after = i > 0 && isCased(in[i - 1]);
    const bool before = i + 1 < in.size() && isCased(in[i + 1]);
    out.push_back(after && !before ? U'\u03C2' : U'\u03C3');
    return;
  }
  out.push_back(static_cast<char32_t>(utf8proc_tolower(static_cast<utf8proc_int32_t>(c))));
}

void appendDecomposed(char32_t c, std::u32string& out) {
  utf8proc_int32_t buf[16];
  int last = 0;
  const auto n =
      utf8proc_decompose_char(static_cast<utf8proc_int32_t>(c), buf, 16, UTF8PROC_DECOMPOSE, &last);
  if (n < 0 || n > 16) {
    out.push_back(c);
    return;
  }
  for (utf8proc_ssize_t k = 0; k < n; ++k) out.push_back(static_cast<char32_t>(buf[k]));
}

}  // namespace

bool BertNormalizer::isControl(char32_t c) {
  if (c == U'\t' || c == U'\n' || c == U'\r') return false;
  const auto cat = category(c);  // "other": Cc, Cf, Cs, Co, Cn
  return cat == UTF8PROC_CATEGORY_CC || cat == UTF8PROC_CATEGORY_CF ||
         cat == UTF8PROC_CATEGORY_CS || cat == UTF8PROC_CATEGORY_CO || cat == UTF8PROC_CATEGORY_CN;
}

bool BertNormalizer::isChineseChar(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF) ||
         (c >= 0x20000 && c <= 0x2A6DF) || (c >= 0x2A700 && c <= 0x2B73F) ||
         (c >= 0x2B740 && c <= 0x2B81F) || (c >= 0x2B920 && c <= 0x2CEAF) ||
         (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x2F800 && c <= 0x2FA1F);
}

bool BertNormalizer::isPunctuation(char32_t c) {
  if ((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) ||
      (c >= 123 && c <= 126))
    return true;  // ASCII punctuation, symbols included
  const auto cat = category(c);
  return cat >= UTF8PROC_CATEGORY_PC && cat <= UTF8PROC_CATEGORY_PO;
}

BertNormalizer::Result BertNormalizer::normalize(const std::u32string& input) const {
  const bool strip = options_.stripAccents < 0 ? options_.lowercase : options_.stripAccents == 1;
  Result r;
  std::u32string piece;
  for (size_t i = 0; i < input.size(); ++i) {
    char32_t c = input[i];
    if (options_.cleanText) {
      if (c == 0 || c == 0xFFFD || isControl(c)) continue;
      if (text::isWhiteSpace(c)) c = U' ';
    }
    piece.clear();
    if (strip) {
      appendDecomposed(c, piece);
      std::u32string kept;
      for (char32_t d : piece)
        if (category(d) != UTF8PROC_CATEGORY_MN) kept.push_back(d);
      piece = kept;
    } else {
      piece.push_back(c);
    }
    if (options_.lowercase) {
      std::u32string lower;
      // Final sigma looks at the neighbours in the input.
      for (char32_t d : piece) {
        if (d == c)
          appendLower(input, i, lower);
        else
          appendLower(std::u32string(1, d), 0, lower);
      }
      piece = lower;
    }
    const bool cjk = options_.chineseChars && isChineseChar(c);
    if (cjk) {
      r.text.push_back(U' ');
      r.origin.push_back(static_cast<int64_t>(i));
    }
    for (char32_t d : piece) {
      r.text.push_back(d);
      r.origin.push_back(static_cast<int64_t>(i));
    }
    if (cjk) {
      r.text.push_back(U' ');
      r.origin.push_back(static_cast<int64_t>(i));
    }
  }
  return r;
}

}  // namespace spanforge::transformer
