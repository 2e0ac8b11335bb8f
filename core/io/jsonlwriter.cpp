#include "io/jsonlwriter.h"

#include "io/jsonoutput.h"

#include <algorithm>

namespace spanforge::io {
namespace {

using OutJson = JsonOutput::Json;

const char* answer(text::DocStatus s) {
  switch (s) {
    case text::DocStatus::Accepted:
      return "accept";
    case text::DocStatus::Rejected:
      return "reject";
    case text::DocStatus::Ignored:
      return "ignore";
    case text::DocStatus::Unlabelled:
      break;
  }
  return nullptr;
}

// Index of the token starting (or ending) exactly at offset, or -1.
int64_t tokenAt(const std::vector<text::Token>& tokens, int64_t offset, bool start) {
  const auto it = std::lower_bound(
      tokens.begin(), tokens.end(), offset,
      [&](const text::Token& t, int64_t o) { return (start ? t.start : t.end) < o; });
  if (it == tokens.end() || (start ? it->start : it->end) != offset) return -1;
  return it - tokens.begin();
}

}  // namespace

void JsonlWriter::write(const text::Document& doc) {
  const DocumentCheck check(doc, ++count_);
  check.text();
  const text::OffsetMap map(doc.text);
  check.tokens(map);
  const auto spans = check.spans(doc.spans, "spans", map);

  OutJson j = OutJson::object();
  j["text"] = doc.text;
  if (!doc.tokens.empty()) {
    OutJson tokens = OutJson::array();
    for (size_t i = 0; i < doc.tokens.size(); ++i) {
      const auto& t = doc.tokens[i];
      // ws as spaCy's whitespace_: the token is followed by one space.
      const bool ws = t.end < map.codePoints() && doc.text[map.byteOffset(t.end)] == ' ';
      tokens.push_back(
          OutJson{{"text", t.text}, {"start", t.start}, {"end", t.end}, {"id", i}, {"ws", ws}});
    }
    j["tokens"] = std::move(tokens);
  }
  if (doc.status != text::DocStatus::Unlabelled || !spans.empty()) {
    OutJson list = OutJson::array();
    for (const auto& s : spans) {
      OutJson span{{"start", s.start}, {"end", s.end}};
      // Prodigy's inclusive token range, when the span fits the tokens.
      const int64_t first = tokenAt(doc.tokens, s.start, true);
      const int64_t last = tokenAt(doc.tokens, s.end, false);
      if (first >= 0 && last >= first) {
        span["token_start"] = first;
        span["token_end"] = last;
      }
      span["label"] = s.label;
      list.push_back(std::move(span));
    }
    j["spans"] = std::move(list);
  }
  if (const char* a = answer(doc.status)) j["answer"] = a;
  OutJson meta = JsonOutput::meta(check);
  if (!meta.empty()) j["meta"] = std::move(meta);
  out_ << JsonOutput::dump(j, check) << '\n';
}

}  // namespace spanforge::io
