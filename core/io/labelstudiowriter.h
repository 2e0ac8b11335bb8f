#pragma once

#include "io/recordwriter.h"

#include <ostream>

namespace spanforge::io {

// Writes a Label Studio JSON task array: "[\n", one task per line separated
// by ",\n", then "\n]\n". Tasks get ids 1..n; offsets are UTF-16 code units;
// results use from_name "label", to_name "text", type "labels". Accepted
// documents (and unlabelled ones with spans) get one annotation, rejected or
// ignored ones a cancelled annotation, predictions keep their model and
// scores.
class LabelStudioWriter : public RecordWriter {
 public:
  explicit LabelStudioWriter(std::ostream& out);

  void write(const text::Document& doc) override;
  void finish() override;

 private:
  std::ostream& out_;
  int64_t count_ = 0;
  bool finished_ = false;
};

}  // namespace spanforge::io
