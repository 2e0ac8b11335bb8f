#pragma once

#include "io/jsonlinesreader.h"

namespace spanforge::io {

// doccano sequence-labelling JSONL: {"text", "label": [[start, end, "LABEL"],
// ...]} ("labels" is accepted too). Offsets are code points. Every other key
// goes to the document's metadata. A record with a label key is accepted,
// one without is unlabelled.
class DoccanoReader : public JsonLinesReader {
 public:
  using JsonLinesReader::JsonLinesReader;

 protected:
  void convert(const JsonRecord& record, const JsonRecord::Json& json,
               text::Document& doc) const override;
};

}  // namespace spanforge::io
