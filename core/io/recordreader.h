#pragma once

#include "io/format.h"
#include "text/document.h"

#include <cstdint>
#include <memory>
#include <string>

namespace spanforge::io {

// The longest record (line) any command reads: import, predict, serve.
constexpr int64_t kMaxRecordBytes = 16 * 1024 * 1024;

struct ReaderOptions {
  TagScheme scheme = TagScheme::Auto;        // CoNLL only
  int64_t maxRecordBytes = kMaxRecordBytes;  // a longer line is refused, not loaded
};

// Streams documents from one file in constant memory (one record at a time).
class RecordReader {
 public:
  virtual ~RecordReader() = default;
  // Reads the next record into out; false at end of file. A bad record throws
  // InputError naming file, line and field; the reader has then skipped past
  // it, so the caller may continue (--skip-invalid) or stop.
  virtual bool next(text::Document& out) = 0;
  // Line of the record last returned or refused (1-based).
  virtual int64_t line() const = 0;
  // Bytes consumed so far, for progress.
  virtual int64_t bytesRead() const = 0;
  // Blank lines skipped so far (plain text and JSON-lines formats; a blank
  // line there is not a record and not an error).
  virtual int64_t skipped() const { return 0; }
};

// Opens path for reading in the given format (Auto: detectFormat), through
// the format's FormatRegistry row. Throws InputError if the file cannot be
// opened, std::invalid_argument for a format that cannot be read.
std::unique_ptr<RecordReader> openReader(const std::string& path, Format format,
                                         const ReaderOptions& options = {});

}  // namespace spanforge::io
