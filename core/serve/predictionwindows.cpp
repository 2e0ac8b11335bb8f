#include "serve/predictionwindows.h"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace spanforge::serve {
namespace {

bool endsSentence(const std::string& token) {
  return token == "." || token == "!" || token == "?" || token == "\xE2\x80\xA6" /* … */ ||
         token == "\xE3\x80\x82" /* 。 */ || token == "\xEF\xBC\x81" /* ！ */ ||
         token == "\xEF\xBC\x9F" /* ？ */;
}

}  // namespace

std::vector<PredictionWindows::Window> PredictionWindows::split(
    const std::vector<text::Token>& tokens) {
  std::vector<Window> out;
  const size_t n = tokens.size();
  size_t begin = 0;
  do {
    size_t end = std::min(n, begin + kMaxTokens);
    if (end < n) {
      for (size_t k = end; k > begin + kMaxTokens / 2; --k) {
        if (endsSentence(tokens[k - 1].text)) {
          end = k;
          break;
        }
      }
    }
    out.push_back({begin, end});
    begin = end;
  } while (begin < n);
  return out;
}

model::Prediction PredictionWindows::merge(const std::vector<Window>& windows,
                                           std::vector<model::Prediction> parts) {
  if (parts.size() != windows.size() || parts.empty())
    throw std::invalid_argument("one prediction per window expected");
  if (parts.size() == 1) return std::move(parts.front());
  model::Prediction out;
  double logProb = 0.0, entropy = 0.0;
  size_t tokens = 0;
  for (size_t w = 0; w < parts.size(); ++w) {
    model::Prediction& p = parts[w];
    const auto shift = static_cast<int64_t>(windows[w].begin);
    const auto length = static_cast<double>(windows[w].end - windows[w].begin);
    out.tags.insert(out.tags.end(), p.tags.begin(), p.tags.end());
    for (auto& s : p.spans) {
      s.span.first += shift;
      s.span.last += shift;
      out.spans.push_back(std::move(s));
    }
    logProb += p.bestPathLogProbPerToken * length;
    entropy += p.meanTokenEntropy * length;
    tokens += windows[w].end - windows[w].begin;
  }
  // Independent windows: the best path is every window's best; the second
  // best differs from it in exactly one window (the one giving up least).
  const size_t k = parts.size();
  std::vector<double> before(k + 1, 1.0), after(k + 1, 1.0);
  for (size_t w = 0; w < k; ++w) before[w + 1] = before[w] * parts[w].bestPathProbability;
  for (size_t w = k; w > 0; --w) after[w - 1] = after[w] * parts[w - 1].bestPathProbability;
  double second = 0.0;
  for (size_t w = 0; w < k; ++w) {
    const double p2 = std::max(0.0, parts[w].bestPathProbability - parts[w].margin);
    second = std::max(second, before[w] * p2 * after[w + 1]);
  }
  out.bestPathProbability = before[k];
  out.margin = std::max(0.0, before[k] - second);
  out.bestPathLogProbPerToken = tokens > 0 ? logProb / static_cast<double>(tokens) : 0.0;
  out.meanTokenEntropy = tokens > 0 ? entropy / static_cast<double>(tokens) : 0.0;
  return out;
}

}  // namespace spanforge::serve
