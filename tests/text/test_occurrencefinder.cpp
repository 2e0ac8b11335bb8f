// Issue #37: Label All Occurrences finds the span's tokens again in its
// document, never over a person's span.
#include "text/casefold.h"
#include "text/occurrencefinder.h"
#include "text/tokenizer.h"

#include "catchapi.h"

#include <string>
#include <vector>

using spanforge::text::foldCase;
using spanforge::text::OccurrenceFinder;
using spanforge::text::Occurrences;
using spanforge::text::Span;
using spanforge::text::Token;
using spanforge::text::Tokenizer;

namespace {

// Code-point offsets of the n-th (0-based) occurrence of `what` in ASCII text.
Span at(const std::string& text, const std::string& what, int n, const std::string& label) {
  size_t pos = text.find(what);
  for (int i = 0; i < n; ++i) pos = text.find(what, pos + 1);
  REQUIRE(pos != std::string::npos);
  return {static_cast<int64_t>(pos), static_cast<int64_t>(pos + what.size()), label};
}

Occurrences find(const std::string& text, const Span& span, const std::vector<Span>& gold,
                 OccurrenceFinder::Case match = OccurrenceFinder::Case::Exact) {
  return OccurrenceFinder(Tokenizer().tokenize(text), match).find(span, gold);
}

}  // namespace

TEST_CASE("Occurrences: every other exact token sequence, in text order") {
  const std::string text = "New York is big. I love New York, and new york too. New Yorker.";
  const Span first = at(text, "New York", 0, "LOC");
  const Occurrences o = find(text, first, {first});
  REQUIRE(o.onTokens);
  // "new york" differs in case; "New Yorker" does not end on a token boundary.
  const std::vector<Span> expected{at(text, "New York", 1, "LOC")};
  CHECK(o.added == expected);
  CHECK(o.overlapping == 0);
  CHECK(o.alreadyLabelled == 0);
}

TEST_CASE("Occurrences: ignoring case folds every token") {
  const std::string text = "New York is big. I love NEW YORK, and new york too.";
  const Span first = at(text, "New York", 0, "LOC");
  const Occurrences o = find(text, first, {first}, OccurrenceFinder::Case::Ignore);
  const std::vector<Span> expected{at(text, "NEW YORK", 0, "LOC"), at(text, "new york", 0, "LOC")};
  CHECK(o.added == expected);
}

TEST_CASE("Occurrences: gold spans are never overwritten, nor counted twice") {
  const std::string text = "Paris and Paris and Paris Hilton and Paris.";
  const Span first = at(text, "Paris", 0, "LOC");
  const std::vector<Span> gold{first, at(text, "Paris", 1, "LOC"),
                               at(text, "Paris Hilton", 0, "PER")};
  const Occurrences o = find(text, first, gold);
  const std::vector<Span> expected{at(text, "Paris", 3, "LOC")};
  CHECK(o.added == expected);
  CHECK(o.alreadyLabelled == 1);  // the second Paris
  CHECK(o.overlapping == 1);      // inside Paris Hilton
}

TEST_CASE("Occurrences: the same words with another label are left alone") {
  const std::string text = "Jordan met Jordan.";
  const Span first = at(text, "Jordan", 0, "PER");
  const Occurrences o = find(text, first, {first, at(text, "Jordan", 1, "LOC")});
  CHECK(o.added.empty());
  CHECK(o.overlapping == 1);
  CHECK(o.alreadyLabelled == 0);
}

TEST_CASE("Occurrences: overlapping repeats are taken left to right") {
  // "ha ha" in "ha ha ha ha ha": the span is tokens 0-1; 1-2 overlaps it,
  // 2-3 is new, 3-4 overlaps that one.
  const std::string text = "ha ha ha ha ha";
  const Span first{0, 5, "MISC"};
  const Occurrences o = find(text, first, {first});
  const std::vector<Span> expected{{6, 11, "MISC"}};
  CHECK(o.added == expected);
  CHECK(o.overlapping == 2);
}

TEST_CASE("Occurrences: a span off the token boundaries finds nothing") {
  const std::string text = "New York and New York.";
  const Occurrences o = find(text, {0, 6, "LOC"}, {{0, 6, "LOC"}});  // "New Yo"
  CHECK_FALSE(o.onTokens);
  CHECK(o.added.empty());
  const Occurrences inside = find(text, {1, 3, "LOC"}, {});  // "ew"
  CHECK_FALSE(inside.onTokens);
}

TEST_CASE("Occurrences: whitespace between the tokens may differ, and the span need not be gold") {
  const std::string text = "New York\nNew\n  York";
  const Occurrences o = find(text, {0, 8, "LOC"}, {});
  const std::vector<Span> expected{{9, 19, "LOC"}};
  CHECK(o.added == expected);
}

TEST_CASE("Occurrences: code-point offsets and given tokens (CoNLL), in any order") {
  // "Zoë and Zoë": the given tokens, shuffled, with code-point offsets.
  const std::vector<Token> tokens{{"Zoë", 8, 11}, {"and", 4, 7}, {"Zoë", 0, 3}};
  const OccurrenceFinder finder(tokens, OccurrenceFinder::Case::Exact);
  const Occurrences o = finder.find({0, 3, "PER"}, {{0, 3, "PER"}});
  const std::vector<Span> expected{{8, 11, "PER"}};
  CHECK(o.added == expected);
  spanforge::text::Document doc;
  doc.text = "Zoë and Zoë";
  CHECK(OccurrenceFinder::tokensOf(doc).size() == 3);  // tokenized when it has none
  doc.tokens = tokens;
  CHECK(OccurrenceFinder::tokensOf(doc) == tokens);
}

TEST_CASE("foldCase: Unicode's full case folding") {
  CHECK(foldCase("New York") == "new york");
  CHECK(foldCase("ÉCOLE") == "école");
  CHECK(foldCase("Straße") == foldCase("STRASSE"));
  CHECK(foldCase("ΟΔΟΣ") == foldCase("οδος"));
  CHECK(foldCase("東京 🙂") == "東京 🙂");
  CHECK(foldCase("") == "");
  CHECK(foldCase("bad\xff") == "bad\xff");  // invalid UTF-8 comes back as it was
}
