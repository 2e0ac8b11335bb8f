#pragma once

#include "patterns/pattern.h"
#include "patterns/phrasematcher.h"
#include "patterns/tokenmatcher.h"

#include <cstdint>
#include <memory>
#include <string>
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

// A token pattern cut in a document for spending more than its budget of
// matching steps (TokenMatcher::Budget); `document`: the document's whole
// budget ran out, and this pattern had spent the most.
struct PatternOverrun {
  int set = 0;
  int pattern = 0;
  uint64_t steps = 0;
  bool document = false;
};

// Every pattern of several sets over one document, as spaCy's EntityRuler runs
// them: each set's phrases in its own PhraseMatcher (ORTH or LOWER), every
// token pattern in one TokenMatcher.
class PatternSetMatcher {
 public:
  explicit PatternSetMatcher(const std::vector<PatternSet>& sets);

  // Every hit of every pattern, overlaps included (per-pattern counts).
  // Cut patterns' hits are left out and, when `overruns` is given, named there.
  std::vector<PatternHit> matchAll(const TokenSequence& tokens,
                                   std::vector<PatternOverrun>* overruns = nullptr) const;
  // The entities EntityRuler would set (doc.ents): longest first, then the
  // earliest, none overlapping one taken; by start. Equal spans: the pattern
  // listed first wins.
  std::vector<PatternHit> entities(const TokenSequence& tokens,
                                   std::vector<PatternOverrun>* overruns = nullptr) const;
  void setBudget(TokenMatcher::Budget budget) {
    budget_ = budget;
    tokens_.setBudget(budget);
  }
  // 'pattern set "people.jsonl" line 3: matching stopped after ... steps ...'
  std::string describe(const std::vector<PatternSet>& sets, const PatternOverrun& o) const;
  static std::vector<PatternHit> resolve(std::vector<PatternHit> hits);

 private:
  struct Ref {
    int set;
    int pattern;
  };
  std::vector<Ref> refs_;  // key -> pattern
  std::vector<PhraseMatcher> phrases_;
  TokenMatcher tokens_;
  TokenMatcher::Budget budget_;
};

}  // namespace spanforge::patterns
