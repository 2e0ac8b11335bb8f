#include "active/suggestionfilter.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace spanforge::active {

std::vector<text::ScoredSpan> SuggestionFilter::visible(
    const std::vector<text::ScoredSpan>& predictions, const std::vector<text::Span>& gold,
    const std::set<std::string>& labels) {
  std::vector<text::ScoredSpan> candidates;
  for (const text::ScoredSpan& p : predictions) {
    const text::Span& s = p.span;
    if (s.start < 0 || s.end <= s.start || !labels.count(s.label)) continue;
    if (std::any_of(gold.begin(), gold.end(), [&](const text::Span& g) { return g.overlaps(s); }))
      continue;
    candidates.push_back(p);
  }
  // A NaN would break the strict weak ordering std::sort needs.
  const auto key = [](double score) {
    return std::isnan(score) ? -std::numeric_limits<double>::infinity() : score;
  };
  std::sort(candidates.begin(), candidates.end(),
            [&](const text::ScoredSpan& a, const text::ScoredSpan& b) {
              const double ka = key(a.score), kb = key(b.score);
              if (ka != kb) return ka > kb;
              return a.span != b.span ? a.span < b.span : a.pattern < b.pattern;
            });
  std::vector<text::ScoredSpan> kept;
  for (text::ScoredSpan& c : candidates) {
    if (std::any_of(kept.begin(), kept.end(),
                    [&](const text::ScoredSpan& k) { return k.span.overlaps(c.span); }))
      continue;
    kept.push_back(std::move(c));
  }
  return kept;
}

}  // namespace spanforge::active
