#pragma once

#include "patterns/pattern.h"
#include "patterns/phrasematcher.h"
#include "patterns/tokenmatcher.h"

#include <memory>
#include <vector>

namespace spanforge::patterns {

class TokenSequence;

// Where a pattern of a set matched: tokens [start, end).
struct PatternHit {
  int set = 0;
  int pattern = 0;
  int start = 0;
  int end = 0;

  friend bool operator==(const PatternHit& a, const PatternHit& b) {
    return a.set == b.set && a.pattern == b.pattern && a.start == b.start && a.end == b.end;
  }
};

// Every pattern of several sets over one document, as spaCy's EntityRuler runs
// them: each set's phrases in its own PhraseMatcher (ORTH or LOWER), every
// token pattern in one TokenMatcher.
class PatternSetMatcher {
 public:
  explicit PatternSetMatcher(const std::vector<PatternSet>& sets);

  // Every hit of every pattern, overlaps included (per-pattern counts).
  std::vector<PatternHit> matchAll(const TokenSequence& tokens) const;
  // The entities EntityRuler would set (doc.ents): longest first, then the
  // earliest, none overlapping one taken; by start. Equal spans: the pattern
  // listed first wins.
  std::vector<PatternHit> entities(const TokenSequence& tokens) const;
  static std::vector<PatternHit> resolve(std::vector<PatternHit> hits);

 private:
  struct Ref {
    int set;
    int pattern;
  };
  std::vector<Ref> refs_;  // key -> pattern
  std::vector<PhraseMatcher> phrases_;
  TokenMatcher tokens_;
};

}  // namespace spanforge::patterns
