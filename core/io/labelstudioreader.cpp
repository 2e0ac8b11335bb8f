#include "io/labelstudioreader.h"

#include "io/linereader.h"
#include "text/utf8.h"

namespace spanforge::io {
namespace {

using Json = JsonRecord::Json;

// A task's spans in one list (an annotation's or a prediction's result).
struct Result {
  std::vector<text::Span> spans;
  std::vector<double> scores;
};

// Reads value.start and value.end (UTF-16 code units, checked in those
// units so that messages quote the file's numbers) as code points.
void readOffsets(const JsonRecord& r, const Json& value, const std::string& f,
                 const text::OffsetMap& map, text::Span& span) {
  int64_t u16[2] = {0, 0};
  const char* keys[2] = {"start", "end"};
  for (int k = 0; k < 2; ++k) {
    const std::string field = JsonRecord::key(f, keys[k]);
    u16[k] = r.integer(r.require(value, keys[k], f), field);
    r.checkOffset(u16[k], map.utf16Units(), "UTF-16 code units", field);
  }
  r.checkOrder(u16[0], u16[1], JsonRecord::key(f, "end"));
  for (int k = 0; k < 2; ++k) {
    const int64_t cp = map.fromUtf16(u16[k]);
    if (cp < 0) {
      r.fail(JsonRecord::key(f, keys[k]),
             "offset " + std::to_string(u16[k]) +
                 " falls inside a surrogate pair (between the two UTF-16 halves of one "
                 "character)");
    }
    (k == 0 ? span.start : span.end) = cp;
  }
}

Result readResult(const JsonRecord& r, const Json& list, const std::string& f,
                  const text::Document& doc, const text::OffsetMap& map, double defaultScore) {
  r.expectArray(list, f);
  Result out;
  std::vector<std::string> fields;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string rf = JsonRecord::index(f, i);
    const Json& item = list[i];
    r.expectObject(item, rf);
    if (const Json* type = r.find(item, "type", rf)) {
      if (r.string(*type, JsonRecord::key(rf, "type")) != "labels") continue;
    }
    const std::string vf = JsonRecord::key(rf, "value");
    const Json& value = r.require(item, "value", rf);
    r.expectObject(value, vf);
    text::Span span;
    readOffsets(r, value, vf, map, span);
    const std::string lf = JsonRecord::key(vf, "labels");
    const Json& labels = r.require(value, "labels", vf);
    r.expectArray(labels, lf);
    if (labels.size() != 1) {
      r.fail(lf, "expected exactly one label, got " + std::to_string(labels.size()) +
                     " (entity spans carry one label and must not overlap)");
    }
    span.label = r.label(labels[0], JsonRecord::index(lf, 0));
    // value.text is what the tool showed: it catches offsets counted wrongly.
    if (const Json* t = r.find(value, "text", vf)) {
      const std::string shown = r.string(*t, JsonRecord::key(vf, "text"));
      const std::string_view covered = map.slice(doc.text, span.start, span.end);
      if (shown != covered) {
        r.fail(JsonRecord::key(vf, "text"), "'" + shown + "' does not match the text at " +
                                                "those offsets ('" + std::string(covered) + "')");
      }
    }
    double score = defaultScore;
    if (const Json* s = r.find(item, "score", rf))
      score = r.number(*s, JsonRecord::key(rf, "score"));
    out.spans.push_back(std::move(span));
    out.scores.push_back(score);
    fields.push_back(rf);
  }
  Result sorted;
  for (size_t i : r.spanOrder(out.spans, fields)) {
    sorted.spans.push_back(std::move(out.spans[i]));
    sorted.scores.push_back(out.scores[i]);
  }
  return sorted;
}

void readAnnotations(const JsonRecord& r, const Json& list, const text::OffsetMap& map,
                     text::Document& doc) {
  r.expectArray(list, "annotations");
  const Json* gold = nullptr;
  std::string goldField;
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string f = JsonRecord::index("annotations", i);
    r.expectObject(list[i], f);
    bool cancelled = false;
    if (const Json* c = r.find(list[i], "was_cancelled", f)) {
      cancelled = r.boolean(*c, JsonRecord::key(f, "was_cancelled"));
    }
    if (!cancelled) gold = &list[i], goldField = f;
  }
  if (!gold) return;
  const Json& result = r.require(*gold, "result", goldField);
  doc.spans = readResult(r, result, JsonRecord::key(goldField, "result"), doc, map, 0.0).spans;
  doc.status = text::DocStatus::Accepted;
}

void readPredictions(const JsonRecord& r, const Json& list, const text::OffsetMap& map,
                     text::Document& doc) {
  r.expectArray(list, "predictions");
  for (size_t i = 0; i < list.size(); ++i) {
    const std::string f = JsonRecord::index("predictions", i);
    r.expectObject(list[i], f);
    text::Prediction p;
    if (const Json* m = r.find(list[i], "model_version", f)) {
      p.model = r.string(*m, JsonRecord::key(f, "model_version"));
    }
    // A result without its own score takes the prediction's overall score.
    double score = 0.0;
    if (const Json* s = r.find(list[i], "score", f))
      score = r.number(*s, JsonRecord::key(f, "score"));
    const std::string rf = JsonRecord::key(f, "result");
    const Result result = readResult(r, r.require(list[i], "result", f), rf, doc, map, score);
    for (size_t k = 0; k < result.spans.size(); ++k) {
      p.spans.push_back({result.spans[k], result.scores[k]});
    }
    doc.predictions.push_back(std::move(p));
  }
}

}  // namespace

LabelStudioReader::LabelStudioReader(const std::string& path, const ReaderOptions& options)
    : scanner_(path, options.maxRecordBytes), source_(LineReader::fileName(path)) {}

bool LabelStudioReader::next(text::Document& out) {
  if (!scanner_.next(buffer_)) return false;
  const JsonRecord r(scanner_.path(), scanner_.elementLine(),
                     "[" + std::to_string(scanner_.elementIndex()) + "]");
  const Json task = r.parse(buffer_);
  r.expectObject(task, "");
  out = text::Document{};
  out.source = source_;

  const Json& data = r.require(task, "data", "");
  r.expectObject(data, "data");
  out.text = r.string(r.require(data, "text", "data"), "data.text");
  r.checkText(out.text, "data.text");
  const text::OffsetMap map(out.text);

  if (const Json* meta = r.find(task, "meta", "")) {
    r.expectObject(*meta, "meta");
    out.metaJson = meta->dump();
  }
  if (const Json* a = r.find(task, "annotations", "")) readAnnotations(r, *a, map, out);
  if (const Json* p = r.find(task, "predictions", "")) readPredictions(r, *p, map, out);
  return true;
}

}  // namespace spanforge::io
