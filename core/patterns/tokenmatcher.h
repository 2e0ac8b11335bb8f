#pragma once

#include "patterns/match.h"
#include "patterns/tokenspec.h"

#include <deque>
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
// lookup per token, not a try.
class TokenMatcher {
 public:
  enum class Greedy { None, First, Longest };

  void add(int key, const std::vector<TokenSpec>& pattern, Greedy greedy = Greedy::None);
  std::vector<Match> match(const TokenSequence& tokens) const;
  size_t size() const { return patterns_.size(); }

 private:
  // A TokenSpec with its quantifier unrolled: "+" is One then Star, {2,3} is
  // One, One, Optional.
  struct Element {
    enum class Kind { One, Optional, Star, Not };
    Kind kind;
    std::vector<AttributeTest> tests;
  };
  struct Compiled {
    int key;
    std::vector<Element> elements;
    std::vector<int> reach;  // closure of state s: s..reach[s] (skipping optional elements)
  };

  void index(int pattern);
  void run(const Compiled& p, const TokenSequence& tokens, size_t start,
           std::vector<std::pair<int, int>>& spans) const;

  std::vector<Compiled> patterns_;
  std::unordered_map<int, Greedy> greedy_;
  std::deque<std::string> words_;  // owns the index's keys
  std::unordered_map<std::string_view, std::vector<int>> byOrth_;
  std::unordered_map<std::string_view, std::vector<int>> byLower_;
  std::vector<int> anywhere_;  // patterns tried at every token
};

}  // namespace spanforge::patterns
