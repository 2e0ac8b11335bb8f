#pragma once

#include "io/inputerror.h"
#include "io/linereader.h"
#include "io/recordreader.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::io {

// CoNLL token-per-line: "token<TAB or spaces>[ignored columns ]tag"; a blank
// (or whitespace-only) line or a -DOCSTART- line ends a document. The text
// is the tokens joined by single spaces; tags become spans under the
// configured scheme (Auto: chosen per document). A document is also a
// record for the size limit: at most maxRecordBytes of lines.
class ConllReader : public RecordReader {
 public:
  ConllReader(const std::string& path, const ReaderOptions& options);

  bool next(text::Document& out) override;
  int64_t line() const override { return documentLine_; }
  int64_t bytesRead() const override { return lines_.bytesRead(); }

  // "O", or B-, I-, L-, U-, E- or S- and a non-empty type.
  static bool isTag(std::string_view tag);

 private:
  struct Row {
    std::string token;
    std::string tag;
    int64_t line = 0;
  };

  // Parses the current line into rows_, or returns what is wrong with it.
  std::optional<InputError> parseLine();

  LineReader lines_;
  ReaderOptions options_;
  std::string source_;
  std::string buffer_;
  std::vector<Row> rows_;
  int64_t documentLine_ = 0;
};

}  // namespace spanforge::io
