#pragma once

#include "io/recordwriter.h"

#include <ostream>

namespace spanforge::io {

// Writes Prodigy/spaCy JSONL, one document per line, keys in a fixed order:
// text, tokens (if any), spans (unless an unlabelled document has none),
// answer (unless unlabelled), meta (unless empty).
class JsonlWriter : public RecordWriter {
 public:
  explicit JsonlWriter(std::ostream& out) : out_(out) {}

  void write(const text::Document& doc) override;
  void finish() override { out_.flush(); }

 private:
  std::ostream& out_;
  int64_t count_ = 0;
};

}  // namespace spanforge::io
