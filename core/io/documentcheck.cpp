#include "io/documentcheck.h"

#include "io/linereader.h"
#include "io/writeerror.h"

#include <algorithm>
#include <numeric>

namespace spanforge::io {

DocumentCheck::DocumentCheck(const text::Document& doc, int64_t number)
    : doc_(doc), number_(number) {}

void DocumentCheck::fail(const std::string& field, const std::string& message) const {
  throw WriteError(number_, doc_.source, field, message);
}

std::string DocumentCheck::describe(const std::string& field, size_t i, const text::Span& s) {
  return field + "[" + std::to_string(i) + "] (" + std::to_string(s.start) + ".." +
         std::to_string(s.end) + " '" + s.label + "')";
}

void DocumentCheck::text() const {
  const size_t bad = text::findInvalidUtf8(doc_.text);
  if (bad != std::string::npos) {
    fail("text", "invalid UTF-8 at byte " + std::to_string(bad + 1));
  }
  if (doc_.text.empty()) fail("text", "the text is empty");
  if (LineReader::isBlank(doc_.text)) fail("text", "the text is only whitespace");
}

std::vector<text::Span> DocumentCheck::spans(const std::vector<text::Span>& spans,
                                             const std::string& field,
                                             const text::OffsetMap& map) const {
  const int64_t length = map.codePoints();
  for (size_t i = 0; i < spans.size(); ++i) {
    const auto& s = spans[i];
    const std::string name = field + "[" + std::to_string(i) + "]";
    if (s.start < 0 || s.end > length || s.start >= s.end) {
      fail(name, describe(field, i, s) + " is not a non-empty range inside the text (" +
                     std::to_string(length) + " code points)");
    }
    if (s.label.empty()) fail(name, "the label is empty");
    if (text::findInvalidUtf8(s.label) != std::string::npos) {
      fail(name, "the label is not valid UTF-8");
    }
  }
  std::vector<size_t> order(spans.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return spans[a] < spans[b]; });
  std::vector<text::Span> sorted;
  sorted.reserve(spans.size());
  size_t furthest = 0;
  for (size_t k = 0; k < order.size(); ++k) {
    const size_t i = order[k];
    if (k > 0 && spans[i].start < spans[furthest].end) {
      fail(field + "[" + std::to_string(i) + "]", describe(field, i, spans[i]) + " overlaps " +
                                                      describe(field, furthest, spans[furthest]));
    }
    if (k == 0 || spans[i].end > spans[furthest].end) furthest = i;
    sorted.push_back(spans[i]);
  }
  return sorted;
}

void DocumentCheck::tokens(const text::OffsetMap& map) const {
  int64_t previousEnd = 0;
  for (size_t i = 0; i < doc_.tokens.size(); ++i) {
    const auto& t = doc_.tokens[i];
    const std::string name = "tokens[" + std::to_string(i) + "]";
    if (t.start < previousEnd || t.end <= t.start || t.end > map.codePoints()) {
      fail(name, "token '" + t.text + "' at " + std::to_string(t.start) + ".." +
                     std::to_string(t.end) + " is not inside the text after the previous token");
    }
    if (map.slice(doc_.text, t.start, t.end) != t.text) {
      fail(name, "token '" + t.text + "' does not match the text it covers ('" +
                     std::string(map.slice(doc_.text, t.start, t.end)) + "')");
    }
    previousEnd = t.end;
  }
}

}  // namespace spanforge::io
