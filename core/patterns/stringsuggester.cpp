#include "patterns/stringsuggester.h"

#include "patterns/lexicalattributes.h"
#include "patterns/nonoverlapping.h"
#include "patterns/tokensequence.h"

#include <algorithm>

namespace spanforge::patterns {

StringSuggester::StringSuggester(bool caseFold)
    : caseFold_(caseFold), matcher_(caseFold ? PhraseAttribute::Lower : PhraseAttribute::Orth) {}

int StringSuggester::entryOf(const std::vector<std::string>& words) {
  std::string key;
  for (const auto& w : words) {
    key += caseFold_ ? lowerOf(w) : w;
    key += '\x1f';  // a unit separator cannot be part of a token
  }
  const auto [it, added] = keys_.emplace(key, static_cast<int>(entries_.size()));
  if (added) {
    entries_.emplace_back();
    matcher_.add(it->second, words);
  }
  return it->second;
}

void StringSuggester::accepted(const std::vector<std::string>& words, const std::string& label) {
  if (!words.empty()) ++entries_[entryOf(words)].labels[label].accepted;
}

void StringSuggester::rejected(const std::vector<std::string>& words, const std::string& label) {
  if (!words.empty()) ++entries_[entryOf(words)].labels[label].rejected;
}

std::vector<StringSuggester::Suggestion> StringSuggester::suggest(const TokenSequence& tokens,
                                                                  double minScore) const {
  std::vector<Suggestion> candidates;
  for (const Match& m : matcher_.match(tokens)) {
    // The label accepted most often for the string; the first by name on a tie.
    const Entry& e = entries_[m.key];
    const std::pair<const std::string, Counts>* best = nullptr;
    for (const auto& l : e.labels)
      if (l.second.accepted > 0 && (!best || l.second.accepted > best->second.accepted)) best = &l;
    if (!best) continue;
    const double score =
        double(best->second.accepted) / (best->second.accepted + best->second.rejected);
    if (score >= minScore) candidates.push_back({m.start, m.end, best->first, score});
  }
  std::sort(candidates.begin(), candidates.end(), [](const Suggestion& a, const Suggestion& b) {
    const int la = a.end - a.start, lb = b.end - b.start;
    if (la != lb) return la > lb;
    if (a.start != b.start) return a.start < b.start;
    return a.score > b.score;
  });
  std::vector<Suggestion> out = takeNonOverlapping(
      candidates, [](const Suggestion& s) { return std::make_pair(s.start, s.end); });
  std::sort(out.begin(), out.end(),
            [](const Suggestion& a, const Suggestion& b) { return a.start < b.start; });
  return out;
}

}  // namespace spanforge::patterns
