#include "io/jsonrecord.h"

#include "io/inputerror.h"
#include "io/linereader.h"
#include "text/utf8.h"

#include <algorithm>
#include <limits>
#include <numeric>

namespace spanforge::io {
namespace {

std::string describe(const JsonRecord::Json& v) {
  std::string s = v.type_name();
  if (v.is_primitive()) {
    std::string d = v.dump();
    if (d.size() > 40) d = d.substr(0, 37) + "...";
    s += " " + d;
  }
  return s;
}

std::string spanText(const text::Span& s) {
  return std::to_string(s.start) + ".." + std::to_string(s.end) + " '" + s.label + "'";
}

}  // namespace

size_t JsonRecord::findTooDeep(std::string_view text, int maxDepth) {
  int depth = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
    } else if (c == '"') {
      inString = true;
    } else if (c == '[' || c == '{') {
      if (++depth > maxDepth) return i;
    } else if (c == ']' || c == '}') {
      --depth;
    }
  }
  return std::string_view::npos;
}

void JsonRecord::fail(const std::string& field, const std::string& message) const {
  std::string path = root_;
  if (!field.empty()) path += (root_.empty() || field.front() == '[' ? "" : ".") + field;
  throw InputError(file_, line_, path, message);
}

void JsonRecord::failAt(size_t byte, std::string_view text, const std::string& message) const {
  // Name the line and column (both 1-based) of the byte inside the record.
  byte = std::min(byte, text.size());
  const std::string_view before = text.substr(0, byte);
  const auto lines = std::count(before.begin(), before.end(), '\n');
  const size_t lineStart = before.rfind('\n');
  const size_t column = byte - (lineStart == std::string_view::npos ? 0 : lineStart + 1) + 1;
  throw InputError(file_, line_ + lines, root_,
                   message + " at byte column " + std::to_string(column));
}

JsonRecord::Json JsonRecord::parse(std::string_view text) const {
  const size_t bad = text::findInvalidUtf8(text);
  if (bad != std::string_view::npos) failAt(bad, text, "invalid UTF-8");
  // nlohmann parses deep nesting fine but destroys and dumps it recursively,
  // which overflows the stack (a 70,000-deep meta crashed the importer).
  const size_t deep = findTooDeep(text, kMaxDepth);
  if (deep != std::string_view::npos) {
    failAt(deep, text, "the JSON nests deeper than " + std::to_string(kMaxDepth) + " levels");
  }
  try {
    return Json::parse(text.begin(), text.end());
  } catch (const Json::out_of_range& e) {
    // "[json.exception.out_of_range.406] number overflow parsing '1e400'"
    std::string reason = e.what();
    const size_t close = reason.find("] ");
    if (close != std::string::npos) reason = reason.substr(close + 2);
    fail("", "invalid JSON (" + reason + ")");
  } catch (const Json::parse_error& e) {
    // what() is "[json.exception.parse_error.101] parse error at line 1,
    // column 5: syntax error ..."; keep the part after the position, which
    // failAt() states relative to the file instead.
    std::string reason = e.what();
    const size_t colon = reason.find(": ", reason.find("parse error"));
    if (colon != std::string::npos) reason = reason.substr(colon + 2);
    const size_t at = e.byte > 0 ? static_cast<size_t>(e.byte) - 1 : 0;
    failAt(at, text, "invalid JSON (" + reason + ")");
  }
}

const JsonRecord::Json* JsonRecord::find(const Json& obj, const char* key,
                                         const std::string& field) const {
  expectObject(obj, field);
  const auto it = obj.find(key);
  return it == obj.end() || it->is_null() ? nullptr : &*it;  // null: as if absent
}

const JsonRecord::Json& JsonRecord::require(const Json& obj, const char* key,
                                            const std::string& field) const {
  expectObject(obj, field);
  const auto it = obj.find(key);
  if (it == obj.end()) fail(JsonRecord::key(field, key), "missing");
  return *it;
}

void JsonRecord::expectObject(const Json& v, const std::string& field) const {
  if (!v.is_object()) fail(field, "expected an object, got " + describe(v));
}

void JsonRecord::expectArray(const Json& v, const std::string& field) const {
  if (!v.is_array()) fail(field, "expected an array, got " + describe(v));
}

std::string JsonRecord::string(const Json& v, const std::string& field) const {
  if (!v.is_string()) fail(field, "expected a string, got " + describe(v));
  return v.get<std::string>();
}

int64_t JsonRecord::integer(const Json& v, const std::string& field) const {
  if (!v.is_number_integer()) fail(field, "expected an integer, got " + describe(v));
  if (v.is_number_unsigned() &&
      v.get<uint64_t>() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
    fail(field, "integer " + v.dump() + " is out of range");
  }
  return v.get<int64_t>();
}

double JsonRecord::number(const Json& v, const std::string& field) const {
  if (!v.is_number()) fail(field, "expected a number, got " + describe(v));
  return v.get<double>();
}

bool JsonRecord::boolean(const Json& v, const std::string& field) const {
  if (!v.is_boolean()) fail(field, "expected true or false, got " + describe(v));
  return v.get<bool>();
}

void JsonRecord::checkText(const std::string& text, const std::string& field) const {
  if (text.empty()) fail(field, "the text is empty");
  if (LineReader::isBlank(text)) fail(field, "the text is only whitespace");
}

std::string JsonRecord::label(const Json& v, const std::string& field) const {
  std::string s = string(v, field);
  if (s.empty()) fail(field, "the label is empty");
  return s;
}

void JsonRecord::checkOffset(int64_t offset, int64_t length, const char* units,
                             const std::string& field) const {
  if (offset < 0) fail(field, "offset " + std::to_string(offset) + " is negative");
  if (offset > length) {
    fail(field, "offset " + std::to_string(offset) + " is past the end of the text (" +
                    std::to_string(length) + " " + units + ")");
  }
}

void JsonRecord::checkOrder(int64_t start, int64_t end, const std::string& endField) const {
  if (end <= start) {
    fail(endField, "end " + std::to_string(end) + " is not after start " + std::to_string(start));
  }
}

std::vector<size_t> JsonRecord::spanOrder(const std::vector<text::Span>& spans,
                                          const std::vector<std::string>& fields) const {
  std::vector<size_t> order(spans.size());
  std::iota(order.begin(), order.end(), size_t{0});
  std::stable_sort(order.begin(), order.end(),
                   [&](size_t a, size_t b) { return spans[a] < spans[b]; });
  // Sorted by start, a span overlaps an earlier one iff it starts before the
  // furthest end seen so far.
  size_t furthest = 0;
  for (size_t k = 0; k < order.size(); ++k) {
    const size_t i = order[k];
    if (k > 0 && spans[i].start < spans[furthest].end) {
      fail(fields[i], spanText(spans[i]) + " overlaps " + fields[furthest] + " (" +
                          spanText(spans[furthest]) + "); entity spans must not overlap");
    }
    if (k == 0 || spans[i].end > spans[furthest].end) furthest = i;
  }
  return order;
}

}  // namespace spanforge::io
