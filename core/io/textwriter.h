#pragma once

#include "io/recordwriter.h"

#include <ostream>

namespace spanforge::io {

// Plain text: one document per line. Only the text is kept (no spans, no
// status). A text with a line break cannot be one line and is refused
// (WriteError) rather than silently changed.
class TextWriter : public RecordWriter {
 public:
  explicit TextWriter(std::ostream& out) : out_(out) {}

  void write(const text::Document& doc) override;
  void finish() override { out_.flush(); }

 private:
  std::ostream& out_;
  int64_t count_ = 0;
};

}  // namespace spanforge::io
