#pragma once

#include "io/jsonrecord.h"
#include "io/linereader.h"
#include "io/recordreader.h"

#include <string>

namespace spanforge::io {

// Base of the one-JSON-object-per-line readers (Prodigy/spaCy JSONL,
// doccano): reads a line, skips it when blank, checks its length and UTF-8,
// parses it, and lets the subclass map the object onto a Document.
class JsonLinesReader : public RecordReader {
 public:
  JsonLinesReader(const std::string& path, const ReaderOptions& options);

  bool next(text::Document& out) override;
  int64_t line() const override { return lines_.lineNumber(); }
  int64_t bytesRead() const override { return lines_.bytesRead(); }
  int64_t skipped() const override { return skipped_; }

 protected:
  // Fills doc (already reset, source set) from one parsed line.
  virtual void convert(const JsonRecord& record, const JsonRecord::Json& json,
                       text::Document& doc) const = 0;

 private:
  LineReader lines_;
  ReaderOptions options_;
  std::string source_;
  std::string buffer_;
  int64_t skipped_ = 0;
};

}  // namespace spanforge::io
