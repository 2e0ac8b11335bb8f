#pragma once

#include "io/recordwriter.h"

#include <ostream>

namespace spanforge::io {

// Writes doccano sequence-labelling JSONL: {"text", "label": [[s, e, "L"]],
// then the metadata keys at the top level}. "label" is written unless an
// unlabelled document has no spans. doccano has no rejected or ignored
// state: such documents are written like accepted ones.
class DoccanoWriter : public RecordWriter {
 public:
  explicit DoccanoWriter(std::ostream& out) : out_(out) {}

  void write(const text::Document& doc) override;
  void finish() override { out_.flush(); }

 private:
  std::ostream& out_;
  int64_t count_ = 0;
};

}  // namespace spanforge::io
