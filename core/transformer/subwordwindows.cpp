#include "transformer/subwordwindows.h"

#include <algorithm>
#include <stdexcept>

namespace spanforge::transformer {

std::vector<TokenPieces> alignTokens(const std::vector<text::Token>& tokens,
                                     const std::vector<Subword>& subwords) {
  std::vector<TokenPieces> out(tokens.size());
  size_t s = 0;
  for (size_t t = 0; t < tokens.size(); ++t) {
    // Subwords starting before this token and after the last one's start
    // (in the gap, or inside the last token) belong to the last token.
    while (s < subwords.size() && subwords[s].start < tokens[t].start) {
      if (t > 0) out[t - 1].last = static_cast<int64_t>(s) + 1;
      ++s;
    }
    out[t].first = out[t].last = static_cast<int64_t>(s);
    while (s < subwords.size() && subwords[s].start < tokens[t].end) ++s;
    out[t].last = static_cast<int64_t>(s);
  }
  if (!tokens.empty())
    while (s < subwords.size()) out.back().last = static_cast<int64_t>(++s);
  // A token inside a subword that began in an earlier one (an [UNK] over two
  // emoji) reads that subword too.
  for (size_t t = 0; t < tokens.size(); ++t) {
    const int64_t before = out[t].first - 1;
    if (out[t].empty() && before >= 0 && subwords[before].end > tokens[t].start)
      out[t] = {before, before + 1};
  }
  return out;
}

std::vector<SubwordWindow> subwordWindows(int64_t subwords, int64_t size, int64_t stride) {
  if (!(size > 0 && stride > 0 && stride <= size))
    throw std::invalid_argument("a window needs 0 < stride <= size (window " +
                                std::to_string(size) + ", stride " + std::to_string(stride) + ")");
  std::vector<SubwordWindow> out;
  for (int64_t begin = 0;; begin += stride) {
    const int64_t end = std::min(subwords, begin + size);
    out.push_back({std::max<int64_t>(0, std::min(begin, end - size)), end});
    if (end >= subwords) break;
  }
  return out;
}

std::vector<int64_t> tokenWindows(const std::vector<TokenPieces>& tokens,
                                  const std::vector<SubwordWindow>& windows) {
  std::vector<int64_t> out(tokens.size(), -1);
  for (size_t t = 0; t < tokens.size(); ++t) {
    if (tokens[t].empty()) continue;
    int64_t bestMargin = -1;
    for (size_t w = 0; w < windows.size(); ++w) {
      const SubwordWindow& win = windows[w];
      if (tokens[t].first < win.begin || tokens[t].last > win.end) continue;
      const int64_t margin = std::min(tokens[t].first - win.begin, win.end - tokens[t].last);
      if (margin > bestMargin) {
        bestMargin = margin;
        out[t] = static_cast<int64_t>(w);
      }
    }
    // Longer than a window: the one that holds most of it from its first subword.
    for (size_t w = 0; out[t] < 0 && w < windows.size(); ++w)
      if (windows[w].begin <= tokens[t].first && tokens[t].first < windows[w].end &&
          (w + 1 == windows.size() || windows[w + 1].begin > tokens[t].first))
        out[t] = static_cast<int64_t>(w);
  }
  return out;
}

}  // namespace spanforge::transformer
