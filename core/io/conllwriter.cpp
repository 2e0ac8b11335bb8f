#include "io/conllwriter.h"

#include "io/documentcheck.h"
#include "text/alignment.h"
#include "text/tagscheme.h"

#include <string>

namespace spanforge::io {
namespace {

// What the reader would not give back: a token must be one non-empty column
// without line breaks, TABs or surrounding spaces.
const char* tokenProblem(const std::string& t) {
  if (t.empty()) return "is empty";
  if (t.find_first_of("\t\n\r") != std::string::npos) return "contains a TAB or line break";
  if (t.front() == ' ' || t.back() == ' ') return "starts or ends with a space";
  if (t == "-DOCSTART-") return "would read back as a -DOCSTART- line";
  return nullptr;
}

text::TagScheme tagScheme(TagScheme s) {
  switch (s) {
    case TagScheme::Iob1:
      return text::TagScheme::IOB1;
    case TagScheme::Biluo:
      return text::TagScheme::BILUO;
    case TagScheme::Iob2:
    case TagScheme::Auto:
      break;
  }
  return text::TagScheme::IOB2;
}

}  // namespace

std::vector<text::Token> ConllWriter::tokensOf(const text::Document& doc) const {
  return doc.tokens.empty() ? tokenizer_.tokenize(doc.text) : doc.tokens;
}

void ConllWriter::write(const text::Document& doc) {
  const DocumentCheck check(doc, ++count_);
  check.text();
  const text::OffsetMap map(doc.text);
  check.tokens(map);
  check.spans(doc.spans, "spans", map);  // in range, no overlaps
  const std::vector<text::Token> tokens = tokensOf(doc);
  if (tokens.empty()) check.fail("tokens", "the text has no tokens");
  for (size_t i = 0; i < tokens.size(); ++i) {
    if (const char* problem = tokenProblem(tokens[i].text)) {
      check.fail("tokens[" + std::to_string(i) + "]",
                 "token '" + tokens[i].text + "' " + problem + "; it cannot be written as CoNLL");
    }
  }

  std::vector<text::TokenSpan> spans;
  for (size_t i = 0; i < doc.spans.size(); ++i) {
    const auto& s = doc.spans[i];
    const text::TokenRange range =
        text::charsToTokens(tokens, s.start, s.end, text::AlignMode::Strict);
    if (!range.ok()) {
      check.fail("spans[" + std::to_string(i) + "]",
                 DocumentCheck::describe("spans", i, s) + " '" +
                     std::string(map.slice(doc.text, s.start, s.end)) +
                     "' does not cover whole tokens (" + range.error + ")");
    }
    const std::string& l = s.label;
    if (l.find_first_of("\t\n\r") != std::string::npos || l.front() == ' ' || l.back() == ' ') {
      check.fail("spans[" + std::to_string(i) + "].label",
                 "label '" + l + "' has a TAB, a line break or surrounding spaces");
    }
    spans.push_back({range.first, range.last, l});
  }
  const text::TagsResult tags = text::spansToTags(spans, tokens.size(), tagScheme(scheme_));
  if (!tags.ok()) check.fail("spans", tags.errors.front().message);

  std::string block;
  for (size_t i = 0; i < tokens.size(); ++i) {
    block += tokens[i].text + '\t' + tags.tags[i] + '\n';
  }
  out_ << block << '\n';
}

}  // namespace spanforge::io
