#pragma once

#include "io/jsonlinesreader.h"

namespace spanforge::io {

// Prodigy/spaCy JSONL: one object per line,
//   {"text", "tokens"?: [{"text","start","end","id"?,"ws"?}],
//    "spans"?: [{"start","end","label","token_start"?,"token_end"?}],
//    "answer"?: "accept"|"reject"|"ignore", "meta"?: {...}}
// Offsets are code points; token_end is inclusive. Without "answer" a record
// is accepted when it has "spans" and unlabelled otherwise.
class JsonlReader : public JsonLinesReader {
 public:
  using JsonLinesReader::JsonLinesReader;

 protected:
  void convert(const JsonRecord& record, const JsonRecord::Json& json,
               text::Document& doc) const override;
};

}  // namespace spanforge::io
