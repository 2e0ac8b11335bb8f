#pragma once

#include "patterns/phrasematcher.h"

#include <map>
#include <string>
#include <unordered_map>
#include <vector>

namespace spanforge::patterns {

class TokenSequence;

// Suggests other occurrences of the strings people labelled, from the first
// label on, before any model is trained (INCEpTION's string-matching
// recommender): each labelled string is a phrase; a suggestion carries the label
// most often accepted for it and a score, accepted / (accepted + rejected) for
// that label, so a string people keep rejecting stops being suggested.
class StringSuggester {
 public:
  struct Suggestion {
    int start = 0;  // tokens [start, end)
    int end = 0;
    std::string label;
    double score = 0.0;
    friend bool operator==(const Suggestion& a, const Suggestion& b) {
      return a.start == b.start && a.end == b.end && a.label == b.label && a.score == b.score;
    }
  };

  explicit StringSuggester(bool caseFold = false);

  // A person labelled (or accepted) these words as `label`.
  void accepted(const std::vector<std::string>& words, const std::string& label);
  // A person rejected a suggestion of these words as `label`.
  void rejected(const std::vector<std::string>& words, const std::string& label);
  // Non-overlapping suggestions (longest first, then the earliest) scored at
  // least `minScore`, by start.
  std::vector<Suggestion> suggest(const TokenSequence& tokens, double minScore = 0.5) const;
  size_t strings() const { return entries_.size(); }

 private:
  struct Counts {
    int accepted = 0;
    int rejected = 0;
  };
  struct Entry {
    std::map<std::string, Counts> labels;
  };
  int entryOf(const std::vector<std::string>& words);

  bool caseFold_;
  PhraseMatcher matcher_;
  std::unordered_map<std::string, int> keys_;  // words joined, folded when caseFold_
  std::vector<Entry> entries_;
};

}  // namespace spanforge::patterns
