#include "io/doccanowriter.h"

#include "io/jsonoutput.h"

namespace spanforge::io {

void DoccanoWriter::write(const text::Document& doc) {
  using Json = JsonOutput::Json;
  const DocumentCheck check(doc, ++count_);
  check.text();
  const auto spans = check.spans(doc.spans, "spans", text::OffsetMap(doc.text));
  Json meta = JsonOutput::meta(check);

  Json j = Json::object();
  j["text"] = doc.text;
  if (doc.status != text::DocStatus::Unlabelled || !spans.empty()) {
    Json list = Json::array();
    for (const auto& s : spans) list.push_back(Json::array({s.start, s.end, s.label}));
    j["label"] = std::move(list);
  }
  // Metadata keys sit beside text and label, as doccano exports them.
  for (const auto& item : meta.items()) {
    const std::string& key = item.key();
    if (key == "text" || key == "label" || key == "labels") {
      check.fail("meta", "metadata key \"" + key + "\" clashes with doccano's own field");
    }
    j[key] = item.value();
  }
  out_ << JsonOutput::dump(j, check) << '\n';
}

}  // namespace spanforge::io
