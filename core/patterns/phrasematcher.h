#pragma once

#include "patterns/match.h"
#include "patterns/pattern.h"

#include <cstdint>
#include <deque>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace spanforge::patterns {

class TokenSequence;

// spaCy's PhraseMatcher: every occurrence of a phrase's words, compared as
// written (ORTH) or case-folded (LOWER). The phrases form a trie over words, so
// matching walks each start position only as deep as some phrase continues:
// the cost follows the text, not the number of phrases.
class PhraseMatcher {
 public:
  explicit PhraseMatcher(PhraseAttribute attribute = PhraseAttribute::Orth)
      : attribute_(attribute) {}
  // The index holds views of words_'s strings: a copy would view the
  // original's. A move keeps them (a deque's elements stay where they are).
  PhraseMatcher(const PhraseMatcher&) = delete;
  PhraseMatcher& operator=(const PhraseMatcher&) = delete;
  PhraseMatcher(PhraseMatcher&&) = default;
  PhraseMatcher& operator=(PhraseMatcher&&) = default;

  // Words as written; folded here when the attribute is LOWER. Empty: ignored.
  void add(int key, const std::vector<std::string>& words);
  // Every (key, start, end) once, by start and then end.
  std::vector<Match> match(const TokenSequence& tokens) const;
  size_t size() const { return phrases_; }

 private:
  static constexpr uint32_t kNoWord = 0xffffffffu;

  // Edges keyed by (node, word id): one string lookup per token (its id), then
  // integer lookups down the trie.
  static uint64_t edge(uint32_t node, uint32_t word) { return (uint64_t{node} << 32) | word; }
  std::string_view key(const TokenSequence& tokens, size_t i) const;

  PhraseAttribute attribute_;
  size_t phrases_ = 0;
  std::deque<std::string> words_;  // owns the ids' words
  std::unordered_map<std::string_view, uint32_t> ids_;
  std::unordered_map<uint64_t, uint32_t> edges_;
  std::vector<std::vector<int>> ends_;  // per node: the keys of the phrases ending there
};

}  // namespace spanforge::patterns
