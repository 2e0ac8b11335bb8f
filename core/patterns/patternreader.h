#pragma once

#include "patterns/pattern.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace spanforge::patterns {

// Reads pattern sets in the formats people already have, refusing a file with
// a fault by io::InputError ("patterns.jsonl:3: pattern[1].LOWR: unknown token
// attribute ...") so nothing of a bad file is used:
// - spaCy/Prodigy patterns JSONL: {"label": "ORG", "pattern": "Apple"} (a phrase,
//   split by Spanforge's tokenizer) or {"label": "GPE", "pattern": [{"LOWER":
//   "san"}, {"LOWER": "francisco"}]}, optionally "id"; blank lines skipped;
// - term lists: a term a line, all of one label.
class PatternReader {
 public:
  static constexpr int64_t kMaxLineBytes = 1 << 20;
  // A phrase or term of more words is refused: a match walks the phrase trie
  // at most this deep from each word, so matching stays linear in the text.
  static constexpr size_t kMaxPhraseWords = 100;
  // Regular expressions in one patterns file (each pattern has its own
  // TokenPatternParser::kMaxRegexes).
  static constexpr size_t kMaxFileRegexes = 10000;

  // `file` names the input in messages.
  static Pattern parseLine(std::string_view json, const std::string& file, int64_t line);
  static Pattern term(std::string_view text, const std::string& label, int64_t line);

  static PatternSet readPatterns(const std::string& path, std::string name,
                                 PhraseAttribute attribute = PhraseAttribute::Orth);
  // Duplicate terms are kept once; surrounding white space is dropped.
  static PatternSet readTerms(const std::string& path, std::string name, std::string label,
                              bool caseFold);
};

}  // namespace spanforge::patterns
