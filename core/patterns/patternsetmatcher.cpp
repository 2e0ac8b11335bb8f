#include "patterns/patternsetmatcher.h"

#include "patterns/nonoverlapping.h"
#include "patterns/tokensequence.h"

#include <algorithm>

namespace spanforge::patterns {

PatternSetMatcher::PatternSetMatcher(const std::vector<PatternSet>& sets) {
  for (size_t s = 0; s < sets.size(); ++s) {
    phrases_.emplace_back(sets[s].phraseAttribute);
    for (size_t p = 0; p < sets[s].patterns.size(); ++p) {
      const Pattern& pattern = sets[s].patterns[p];
      const int key = static_cast<int>(refs_.size());
      refs_.push_back({static_cast<int>(s), static_cast<int>(p)});
      if (pattern.isPhrase())
        phrases_.back().add(key, pattern.phrase);
      else
        tokens_.add(key, pattern.tokens);
    }
  }
  tokens_.finish();
}

std::vector<PatternHit> PatternSetMatcher::matchAll(const TokenSequence& tokens,
                                                    std::vector<PatternOverrun>* overruns) const {
  std::vector<PatternHit> hits;
  auto add = [&](const Match& m) {
    const Ref& r = refs_[m.key];
    hits.push_back({r.set, r.pattern, m.start, m.end});
  };
  for (const PhraseMatcher& m : phrases_)
    for (const Match& match : m.match(tokens)) add(match);
  std::vector<TokenMatcher::Overrun> cut;
  for (const Match& match : tokens_.match(tokens, &cut)) add(match);
  if (overruns)
    for (const auto& o : cut)
      overruns->push_back({refs_[o.key].set, refs_[o.key].pattern, o.steps, o.document});
  return hits;
}

std::vector<PatternHit> PatternSetMatcher::entities(const TokenSequence& tokens,
                                                    std::vector<PatternOverrun>* overruns) const {
  return resolve(matchAll(tokens, overruns));
}

std::string PatternSetMatcher::describe(const std::vector<PatternSet>& sets,
                                        const PatternOverrun& o) const {
  const PatternSet& set = sets.at(o.set);
  const std::string where =
      "pattern set \"" + set.name + "\" line " + std::to_string(set.patterns.at(o.pattern).line);
  if (o.document)
    return where + ": matching a document stopped after " + std::to_string(budget_.perDocument) +
           " steps of all token patterns together, this one the most (" + std::to_string(o.steps) +
           "); no token pattern's matches are kept there";
  return where + ": the pattern matches too much; matching it stopped after " +
         std::to_string(o.steps) + " steps (the limit is " + std::to_string(budget_.perPattern) +
         " a document), and its matches there are left out";
}

std::vector<PatternHit> PatternSetMatcher::resolve(std::vector<PatternHit> hits) {
  std::sort(hits.begin(), hits.end(), [](const PatternHit& a, const PatternHit& b) {
    const int la = a.end - a.start, lb = b.end - b.start;
    if (la != lb) return la > lb;
    if (a.start != b.start) return a.start < b.start;
    return a.set != b.set ? a.set < b.set : a.pattern < b.pattern;
  });
  std::vector<PatternHit> taken =
      takeNonOverlapping(hits, [](const PatternHit& h) { return std::make_pair(h.start, h.end); });
  std::sort(taken.begin(), taken.end(),
            [](const PatternHit& a, const PatternHit& b) { return a.start < b.start; });
  return taken;
}

}  // namespace spanforge::patterns
