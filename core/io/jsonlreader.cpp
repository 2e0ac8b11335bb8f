#include "io/jsonlreader.h"

#include "text/utf8.h"

#include <tuple>
#include <utility>

namespace spanforge::io {
namespace {

using Json = JsonRecord::Json;
constexpr const char* kUnits = "code points";

// Reads "start" and "end" of obj as code-point offsets inside the text, start < end.
std::pair<int64_t, int64_t> readRange(const JsonRecord& r, const Json& obj, const std::string& f,
                                      const text::OffsetMap& map) {
  const int64_t start = r.integer(r.require(obj, "start", f), JsonRecord::key(f, "start"));
  const int64_t end = r.integer(r.require(obj, "end", f), JsonRecord::key(f, "end"));
  r.checkOffset(start, map.codePoints(), kUnits, JsonRecord::key(f, "start"));
  r.checkOffset(end, map.codePoints(), kUnits, JsonRecord::key(f, "end"));
  r.checkOrder(start, end, JsonRecord::key(f, "end"));
  return {start, end};
}

void readTokens(const JsonRecord& r, const Json& list, const text::OffsetMap& map,
                text::Document& doc) {
  r.expectArray(list, "tokens");
  int64_t previousEnd = 0;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string f = JsonRecord::index("tokens", i);
    const Json& t = list[i];
    r.expectObject(t, f);
    text::Token token;
    token.text = r.string(r.require(t, "text", f), JsonRecord::key(f, "text"));
    std::tie(token.start, token.end) = readRange(r, t, f, map);
    if (token.start < previousEnd) {
      r.fail(JsonRecord::key(f, "start"), "token starts at " + std::to_string(token.start) +
                                              ", before the previous token ends (" +
                                              std::to_string(previousEnd) + ")");
    }
    const std::string_view covered = map.slice(doc.text, token.start, token.end);
    if (covered != token.text) {
      r.fail(JsonRecord::key(f, "text"),
             "'" + token.text + "' does not match the text at " + std::to_string(token.start) +
                 ".." + std::to_string(token.end) + " ('" + std::string(covered) + "')");
    }
    if (const Json* id = r.find(t, "id", f)) r.integer(*id, JsonRecord::key(f, "id"));
    if (const Json* ws = r.find(t, "ws", f)) r.boolean(*ws, JsonRecord::key(f, "ws"));
    previousEnd = token.end;
    doc.tokens.push_back(std::move(token));
  }
}

// token_start/token_end, when given, must name the tokens the span covers.
void checkTokenIndex(const JsonRecord& r, const Json& span, const char* key, int64_t offset,
                     bool atStart, const std::string& f, const text::Document& doc) {
  const Json* v = r.find(span, key, f);
  if (!v) return;
  const std::string field = JsonRecord::key(f, key);
  const int64_t index = r.integer(*v, field);
  if (doc.tokens.empty()) return;
  const auto count = static_cast<int64_t>(doc.tokens.size());
  if (index < 0 || index >= count) {
    r.fail(field, "token " + std::to_string(index) + " does not exist (" + std::to_string(count) +
                      " tokens)");
  }
  const auto& token = doc.tokens[static_cast<size_t>(index)];
  const int64_t edge = atStart ? token.start : token.end;
  if (edge != offset) {
    r.fail(field, std::string("token ") + std::to_string(index) + (atStart ? " starts" : " ends") +
                      " at " + std::to_string(edge) + ", but the span " +
                      (atStart ? "starts" : "ends") + " at " + std::to_string(offset));
  }
}

void readSpans(const JsonRecord& r, const Json& list, const text::OffsetMap& map,
               text::Document& doc) {
  r.expectArray(list, "spans");
  std::vector<text::Span> spans;
  std::vector<std::string> fields;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string f = JsonRecord::index("spans", i);
    const Json& s = list[i];
    r.expectObject(s, f);
    text::Span span;
    std::tie(span.start, span.end) = readRange(r, s, f, map);
    span.label = r.label(r.require(s, "label", f), JsonRecord::key(f, "label"));
    checkTokenIndex(r, s, "token_start", span.start, true, f, doc);
    checkTokenIndex(r, s, "token_end", span.end, false, f, doc);
    spans.push_back(std::move(span));
    fields.push_back(f);
  }
  for (size_t i : r.spanOrder(spans, fields)) doc.spans.push_back(std::move(spans[i]));
}

}  // namespace

void JsonlReader::convert(const JsonRecord& r, const Json& json, text::Document& doc) const {
  doc.text = r.string(r.require(json, "text", ""), "text");
  r.checkText(doc.text, "text");
  const text::OffsetMap map(doc.text);

  if (const Json* tokens = r.find(json, "tokens", "")) readTokens(r, *tokens, map, doc);
  const Json* spans = r.find(json, "spans", "");
  if (spans) readSpans(r, *spans, map, doc);

  doc.status = spans ? text::DocStatus::Accepted : text::DocStatus::Unlabelled;
  if (const Json* answer = r.find(json, "answer", "")) {
    const std::string a = r.string(*answer, "answer");
    if (a == "accept") {
      doc.status = text::DocStatus::Accepted;
    } else if (a == "reject") {
      doc.status = text::DocStatus::Rejected;
    } else if (a == "ignore") {
      doc.status = text::DocStatus::Ignored;
    } else {
      r.fail("answer", "expected \"accept\", \"reject\" or \"ignore\", got \"" + a + "\"");
    }
  }
  if (const Json* meta = r.find(json, "meta", "")) {
    r.expectObject(*meta, "meta");
    doc.metaJson = meta->dump();
  }
}

}  // namespace spanforge::io
