#pragma once

#include "io/linereader.h"
#include "io/recordreader.h"

#include <string>

namespace spanforge::io {

// Plain text: every non-blank line is one unlabelled document. Blank or
// whitespace-only lines are skipped and counted (skipped()), not errors.
class TextReader : public RecordReader {
 public:
  TextReader(const std::string& path, const ReaderOptions& options);

  bool next(text::Document& out) override;
  int64_t line() const override { return lines_.lineNumber(); }
  int64_t bytesRead() const override { return lines_.bytesRead(); }
  int64_t skipped() const override { return skipped_; }

 private:
  LineReader lines_;
  ReaderOptions options_;
  std::string source_;
  std::string buffer_;
  int64_t skipped_ = 0;
};

}  // namespace spanforge::io
