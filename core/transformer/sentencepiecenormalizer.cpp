#include "transformer/sentencepiecenormalizer.h"

#include "text/utf8.h"

namespace spanforge::transformer {
namespace {

constexpr std::string_view kReplacementChar = "\xEF\xBF\xBD";  // U+FFFD

}  // namespace

SentencePieceNormalizer::SentencePieceNormalizer(std::optional<PrecompiledCharsmap> charsmap)
    : charsmap_(std::move(charsmap)) {}

std::pair<std::string_view, size_t> SentencePieceNormalizer::rule(std::string_view text) const {
  if (charsmap_)
    if (const auto r = charsmap_->longest(text)) return {r->replacement, r->length};
  const size_t n = spanforge::text::charLengthAt(text, 0);
  return n == 0 ? std::pair{kReplacementChar, size_t{1}} : std::pair{text.substr(0, n), n};
}

// SentencePiece's Normalizer::Normalize with add_dummy_prefix,
// remove_extra_whitespaces and escape_whitespaces, as XLM-R's model has them.
NormalizedText SentencePieceNormalizer::normalize(std::string_view utf8) const {
  NormalizedText out;
  size_t i = 0;
  int64_t cp = 0;  // code point at byte i (texts are valid UTF-8 by then)
  auto advance = [&](size_t bytes) {
    for (size_t k = i; k < i + bytes; ++k)
      cp += (static_cast<unsigned char>(utf8[k]) & 0xC0) != 0x80;
    i += bytes;
  };
  while (i < utf8.size()) {  // leading spaces
    const auto [replacement, length] = rule(utf8.substr(i));
    if (replacement != " ") break;
    advance(length);
  }
  if (i == utf8.size()) return out;
  auto emit = [&](std::string_view bytes, int64_t from, int64_t to) {
    out.text += bytes;
    out.start.insert(out.start.end(), bytes.size(), from);
    out.end.insert(out.end.end(), bytes.size(), to);
  };
  emit(kSpace, -1, -1);
  bool afterSpace = true;
  while (i < utf8.size()) {
    auto [replacement, length] = rule(utf8.substr(i));
    const int64_t from = cp;
    advance(length);
    while (afterSpace && !replacement.empty() && replacement.front() == ' ')
      replacement.remove_prefix(1);
    if (replacement.empty()) continue;
    for (char c : replacement) {
      if (c == ' ')
        emit(kSpace, -1, -1);
      else
        emit(std::string_view(&c, 1), from, cp);
    }
    afterSpace = replacement.back() == ' ';
  }
  while (out.text.size() >= kSpace.size() &&
         std::string_view(out.text).substr(out.text.size() - kSpace.size()) == kSpace) {
    out.text.resize(out.text.size() - kSpace.size());
    out.start.resize(out.text.size());
    out.end.resize(out.text.size());
  }
  return out;
}

}  // namespace spanforge::transformer
