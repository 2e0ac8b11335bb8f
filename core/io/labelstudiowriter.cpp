#include "io/labelstudiowriter.h"

#include "io/jsonoutput.h"

#include <algorithm>
#include <cmath>

namespace spanforge::io {
namespace {

using OutJson = JsonOutput::Json;

OutJson result(const text::Span& s, const std::string& text, const text::OffsetMap& map) {
  OutJson value{{"start", map.utf16Offset(s.start)},
                {"end", map.utf16Offset(s.end)},
                {"text", std::string(map.slice(text, s.start, s.end))},
                {"labels", OutJson::array({s.label})}};
  return OutJson{
      {"value", std::move(value)}, {"from_name", "label"}, {"to_name", "text"}, {"type", "labels"}};
}

}  // namespace

LabelStudioWriter::LabelStudioWriter(std::ostream& out) : out_(out) { out_ << "[\n"; }

void LabelStudioWriter::write(const text::Document& doc) {
  const DocumentCheck check(doc, count_ + 1);
  check.text();
  const text::OffsetMap map(doc.text);
  const auto spans = check.spans(doc.spans, "spans", map);

  OutJson task = OutJson::object();
  task["id"] = count_ + 1;
  task["data"] = OutJson{{"text", doc.text}};
  OutJson meta = JsonOutput::meta(check);
  if (!meta.empty()) task["meta"] = std::move(meta);

  OutJson annotations = OutJson::array();
  if (doc.status != text::DocStatus::Unlabelled || !spans.empty()) {
    OutJson list = OutJson::array();
    for (const auto& s : spans) list.push_back(result(s, doc.text, map));
    OutJson annotation{{"result", std::move(list)}};
    // Label Studio has no rejected state; a skipped (cancelled) annotation
    // is the nearest, and reads back as unlabelled.
    if (doc.status == text::DocStatus::Rejected || doc.status == text::DocStatus::Ignored) {
      annotation["was_cancelled"] = true;
    }
    annotations.push_back(std::move(annotation));
  }
  task["annotations"] = std::move(annotations);

  OutJson predictions = OutJson::array();
  for (size_t i = 0; i < doc.predictions.size(); ++i) {
    const auto& p = doc.predictions[i];
    std::vector<text::Span> predicted;
    for (const auto& s : p.spans) predicted.push_back(s.span);
    check.spans(predicted, "predictions[" + std::to_string(i) + "].spans", map);
    // Same order as the gold spans: by offsets.
    std::vector<const text::ScoredSpan*> order;
    for (const auto& s : p.spans) order.push_back(&s);
    std::stable_sort(order.begin(), order.end(),
                     [](const auto* a, const auto* b) { return a->span < b->span; });
    OutJson list = OutJson::array();
    for (const auto* s : order) {
      if (!std::isfinite(s->score)) {
        check.fail("predictions[" + std::to_string(i) + "]", "a score is not a finite number");
      }
      OutJson r = result(s->span, doc.text, map);
      r["score"] = s->score;
      list.push_back(std::move(r));
    }
    predictions.push_back(OutJson{{"model_version", p.model}, {"result", std::move(list)}});
  }
  task["predictions"] = std::move(predictions);

  const std::string line = JsonOutput::dump(task, check);
  out_ << (count_ == 0 ? "" : ",\n") << line;
  ++count_;
}

void LabelStudioWriter::finish() {
  if (!finished_) out_ << (count_ == 0 ? "]\n" : "\n]\n");
  finished_ = true;
  out_.flush();
}

}  // namespace spanforge::io
