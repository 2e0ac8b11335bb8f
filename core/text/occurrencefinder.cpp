#include "text/occurrencefinder.h"

#include "text/casefold.h"
#include "text/tokenizer.h"

#include <algorithm>
#include <utility>

namespace spanforge::text {

OccurrenceFinder::OccurrenceFinder(std::vector<Token> tokens, Case match)
    : tokens_(std::move(tokens)) {
  std::stable_sort(tokens_.begin(), tokens_.end(),
                   [](const Token& a, const Token& b) { return a.start < b.start; });
  keys_.reserve(tokens_.size());
  for (const Token& t : tokens_) keys_.push_back(match == Case::Ignore ? foldCase(t.text) : t.text);
}

std::vector<Token> OccurrenceFinder::tokensOf(const Document& doc) {
  return doc.tokens.empty() ? Tokenizer().tokenize(doc.text) : doc.tokens;
}

Occurrences OccurrenceFinder::find(const Span& span, const std::vector<Span>& gold) const {
  Occurrences out;
  const auto startsAt = [&](const Token& t) { return t.start == span.start; };
  const auto first = std::find_if(tokens_.begin(), tokens_.end(), startsAt);
  const auto last = std::find_if(first, tokens_.end(), [&](const Token& t) {
    return t.end == span.end && t.start >= span.start;
  });
  if (first == tokens_.end() || last == tokens_.end()) return out;
  out.onTokens = true;
  const size_t from = static_cast<size_t>(first - tokens_.begin());
  const size_t length = static_cast<size_t>(last - first) + 1;

  std::vector<Span> sorted = gold;
  std::sort(sorted.begin(), sorted.end());
  const auto isGold = [&](const Span& s) {
    return std::binary_search(sorted.begin(), sorted.end(), s);
  };
  const auto overlapsGold = [&](const Span& s) {
    return std::any_of(gold.begin(), gold.end(), [&](const Span& g) { return g.overlaps(s); });
  };

  for (size_t i = 0; i + length <= tokens_.size(); ++i) {
    if (!std::equal(keys_.begin() + static_cast<std::ptrdiff_t>(i),
                    keys_.begin() + static_cast<std::ptrdiff_t>(i + length),
                    keys_.begin() + static_cast<std::ptrdiff_t>(from)))
      continue;
    const Span found{tokens_[i].start, tokens_[i + length - 1].end, span.label};
    if (found.start == span.start && found.end == span.end) continue;  // the span itself
    if (isGold(found))
      ++out.alreadyLabelled;
    else if (overlapsGold(found) || (!out.added.empty() && out.added.back().overlaps(found)))
      ++out.overlapping;
    else
      out.added.push_back(found);
  }
  return out;
}

}  // namespace spanforge::text
