#pragma once

#include "patterns/tokenspec.h"

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::patterns {

// One entry of a pattern set: what spaCy's EntityRuler reads from a line of a
// patterns JSONL file, or one term of a term list.
struct Pattern {
  std::string label;
  std::string id;  // spaCy's optional "id" (entity id), kept for export
  // A phrase pattern ("pattern": "Apple Inc." or a term) matches these words in
  // sequence, compared as the set's phrase attribute says. Empty for token patterns.
  std::vector<std::string> phrase;
  std::string phraseText;  // the phrase as written (tokenised into `phrase`)
  // A token pattern ("pattern": [{"LOWER": "san"}, {"LOWER": "francisco"}]).
  std::vector<TokenSpec> tokens;
  // The line as read (its JSON, or the term), written back unchanged on export.
  std::string source;
  int64_t line = 0;

  bool isPhrase() const { return tokens.empty(); }
};

// How phrase patterns compare words: as written (spaCy's PhraseMatcher attr ORTH)
// or case-folded (LOWER).
enum class PhraseAttribute { Orth, Lower };

// A named group of patterns, as a project keeps them: a spaCy/Prodigy patterns
// file, or a term list (one label, a term a line).
struct PatternSet {
  enum class Kind { Patterns, Terms };

  std::string name;
  Kind kind = Kind::Patterns;
  PhraseAttribute phraseAttribute = PhraseAttribute::Orth;
  std::string termLabel;  // Terms: the one label of the list
  std::vector<Pattern> patterns;
};

}  // namespace spanforge::patterns
