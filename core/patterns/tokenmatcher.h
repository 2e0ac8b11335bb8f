#pragma once

#include "patterns/match.h"
#include "patterns/tokenspec.h"

#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace spanforge::patterns {

class TokenSequence;

// spaCy's Matcher over token patterns: every span a pattern matches, of every
// length its quantifiers allow, each (key, start, end) once; a key added with
// greedy FIRST or LONGEST keeps only non-overlapping matches, as spaCy does.
// Patterns whose first token must equal a word (ORTH, TEXT or LOWER, or IN such
// words) are only tried where that word occurs, so most patterns cost a hash
// lookup per token, not a try; after finish(), those whose first token must
// match a REGEX are only tried where one pass of an RE2::Set over the token
// says so, so a hundred such patterns cost about one regex per token.
//
// Matching is bounded whatever the patterns say: every NFA state tried at a
// token is a step, and a pattern that spends more than its budget of steps on
// one document (or all of them together more than the document's) is cut
// there: its matches in that document are dropped and reported as an overrun,
// so "{"OP": "*"}" five times over 20,000 words costs at most the budget, not
// minutes.
class TokenMatcher {
 public:
  enum class Greedy { None, First, Longest };

  struct Budget {
    uint64_t perPattern = 20'000'000;   // steps one key may spend on a document
    uint64_t perDocument = 60'000'000;  // steps all keys together may spend
  };
  // A key cut in a document: its steps when cut. `document`: the document's
  // budget ran out (every key was cut; this one had spent the most).
  struct Overrun {
    int key = 0;
    uint64_t steps = 0;
    bool document = false;
  };

  TokenMatcher();
  ~TokenMatcher();
  // As PhraseMatcher: the index views words_'s strings, so no copies.
  TokenMatcher(const TokenMatcher&) = delete;
  TokenMatcher& operator=(const TokenMatcher&) = delete;
  TokenMatcher(TokenMatcher&&) noexcept;
  TokenMatcher& operator=(TokenMatcher&&) noexcept;

  void add(int key, const std::vector<TokenSpec>& pattern, Greedy greedy = Greedy::None);
  // Indexes the patterns tried at every token (optional: the matches are the
  // same): those whose first token needs a REGEX go into one RE2::Set per
  // attribute; the rest are grouped by their first token's tests, checked once
  // per token for a group. add() after finish() is refused.
  void finish();
  // `overruns` (optional) receives the keys cut in this document.
  std::vector<Match> match(const TokenSequence& tokens,
                           std::vector<Overrun>* overruns = nullptr) const;
  size_t size() const { return patterns_.size(); }
  void setBudget(Budget budget) { budget_ = budget; }

 private:
  // A TokenSpec with its quantifier unrolled: "+" is One then Star, {2,3} is
  // One, One, Optional. The states of one spec share its tests (`spec`), so a
  // token is tested once per spec however far the spec unrolls.
  struct Element {
    enum class Kind { One, Optional, Star, Not };
    Kind kind;
    int spec;
  };
  struct Compiled {
    int key;
    std::vector<std::vector<AttributeTest>> specs;
    std::vector<Element> elements;
    std::vector<int> reach;  // closure of state s: s..reach[s] (skipping optional elements)
    const std::vector<AttributeTest>& testsOf(int element) const {
      return specs[elements[element].spec];
    }
  };

  // The NFA's state sets, kept across runs so that a try allocates nothing;
  // `tested` holds, per spec, whether the current token passed (-1: not yet).
  struct Scratch {
    std::vector<char> on, next;
    std::vector<int> active, upcoming;
    std::vector<signed char> tested;
  };

  void index(int pattern);
  // Steps spent; stops (returning more than `limit`) once past `limit`.
  uint64_t run(const Compiled& p, const TokenSequence& tokens, size_t start, Scratch& scratch,
               std::vector<std::pair<int, int>>& spans, uint64_t limit) const;

  std::vector<Compiled> patterns_;
  std::unordered_map<int, Greedy> greedy_;
  std::deque<std::string> words_;  // owns the index's keys
  std::unordered_map<std::string_view, std::vector<int>> byOrth_;
  std::unordered_map<std::string_view, std::vector<int>> byLower_;
  // Patterns tried at every token, grouped by their first token's tests (when
  // it must match once): those are checked once per token for the whole group.
  struct Group {
    const std::vector<AttributeTest>* first = nullptr;  // nullptr: no shared check
    std::vector<int> patterns;
  };
  std::vector<int> anywhere_;
  std::vector<Group> groups_;  // anywhere_, grouped (built on first use by finish())
  struct RegexIndex;
  std::unique_ptr<RegexIndex> regexIndex_;
  Budget budget_;
};

}  // namespace spanforge::patterns
