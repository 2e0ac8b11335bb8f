#pragma once

#include "text/document.h"
#include "text/span.h"
#include "text/token.h"

#include <string>
#include <vector>

namespace spanforge::text {

// What labelling every other occurrence of a span would do (the span editor's
// Label All Occurrences, issue #37).
struct Occurrences {
  // The new spans, with the span's label, in text order: they overlap no gold
  // span and no other new one.
  std::vector<Span> added;
  // Occurrences that already are gold spans with this label.
  int alreadyLabelled = 0;
  // Occurrences left alone because they overlap a gold span (or an earlier
  // occurrence): a person's span is never overwritten.
  int overlapping = 0;
  // False when the span does not start and end on token boundaries; then
  // nothing was looked for.
  bool onTokens = false;
};

// Finds the other places where a span's words occur in a document: the same
// sequence of token texts, exactly or with case folded (foldCase), starting
// and ending on the document's token boundaries. Whitespace between the
// tokens may differ (a line break inside "New York" still counts).
class OccurrenceFinder {
 public:
  enum class Case { Exact, Ignore };

  // tokens: the document's tokens, in any order.
  OccurrenceFinder(std::vector<Token> tokens, Case match);

  // The document's tokens, or, when it has none (not tokenized on import),
  // the Tokenizer's, as the span editor selects by.
  static std::vector<Token> tokensOf(const Document& doc);

  // Every occurrence of span's tokens other than the span itself; gold: the
  // document's gold spans (the span among them or not).
  Occurrences find(const Span& span, const std::vector<Span>& gold) const;

 private:
  std::vector<Token> tokens_;      // sorted by start
  std::vector<std::string> keys_;  // what is compared: each token's text, folded or not
};

}  // namespace spanforge::text
