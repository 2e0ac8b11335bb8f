#pragma once

#include "io/format.h"
#include "text/document.h"

#include <memory>
#include <ostream>

namespace spanforge::io {

struct WriterOptions {
  TagScheme scheme = TagScheme::Iob2;  // CoNLL only
};

// Writes documents one at a time (constant memory). Output is deterministic,
// so export -> import -> export gives identical bytes.
class RecordWriter {
 public:
  virtual ~RecordWriter() = default;
  virtual void write(const text::Document& doc) = 0;
  // Writes any closing bytes (e.g. the "]" of a JSON array) and flushes.
  virtual void finish() = 0;
};

// Format must be concrete (not Auto) and writable, else std::invalid_argument.
// The stream must outlive the writer.
std::unique_ptr<RecordWriter> openWriter(std::ostream& out, Format format,
                                         const WriterOptions& options = {});

}  // namespace spanforge::io
