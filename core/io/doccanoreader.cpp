#include "io/doccanoreader.h"

#include "text/utf8.h"

namespace spanforge::io {

void DoccanoReader::convert(const JsonRecord& r, const JsonRecord::Json& json,
                            text::Document& doc) const {
  using Json = JsonRecord::Json;
  doc.text = r.string(r.require(json, "text", ""), "text");
  r.checkText(doc.text, "text");
  const int64_t length = static_cast<int64_t>(text::codePointCount(doc.text));

  const Json* label = r.find(json, "label", "");
  const Json* labels = r.find(json, "labels", "");
  if (label && labels) r.fail("labels", "both \"label\" and \"labels\" are present");
  const char* key = label ? "label" : "labels";
  const Json* list = label ? label : labels;

  Json meta = Json::object();
  for (const auto& item : json.items()) {
    const std::string& k = item.key();
    if (k != "text" && k != "label" && k != "labels") meta[k] = item.value();
  }
  doc.metaJson = meta.dump();
  if (!list) return;  // unlabelled

  doc.status = text::DocStatus::Accepted;
  r.expectArray(*list, key);
  std::vector<text::Span> spans;
  std::vector<std::string> fields;
  for (size_t i = 0; i < list->size(); ++i) {
    const std::string f = JsonRecord::index(key, i);
    const Json& e = (*list)[i];
    if (!e.is_array() || e.size() != 3) {
      r.fail(f, "expected [start, end, \"LABEL\"], got " + e.dump());
    }
    text::Span span;
    span.start = r.integer(e[0], JsonRecord::index(f, 0));
    span.end = r.integer(e[1], JsonRecord::index(f, 1));
    span.label = r.label(e[2], JsonRecord::index(f, 2));
    r.checkOffset(span.start, length, "code points", JsonRecord::index(f, 0));
    r.checkOffset(span.end, length, "code points", JsonRecord::index(f, 1));
    r.checkOrder(span.start, span.end, JsonRecord::index(f, 1));
    spans.push_back(std::move(span));
    fields.push_back(f);
  }
  for (size_t i : r.spanOrder(spans, fields)) doc.spans.push_back(std::move(spans[i]));
}

}  // namespace spanforge::io
