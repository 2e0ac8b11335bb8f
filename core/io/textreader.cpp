#include "io/textreader.h"

#include "io/inputerror.h"
#include "text/utf8.h"

namespace spanforge::io {

TextReader::TextReader(const std::string& path, const ReaderOptions& options)
    : lines_(path, options.maxRecordBytes),
      options_(options),
      source_(LineReader::fileName(path)) {}

bool TextReader::next(text::Document& out) {
  for (;;) {
    const auto r = lines_.next(buffer_);
    if (r == LineReader::Result::End) return false;
    if (r == LineReader::Result::TooLong) {
      throw InputError(lines_.path(), lines_.lineNumber(), "text",
                       "the line is longer than the limit of " +
                           std::to_string(options_.maxRecordBytes) + " bytes");
    }
    if (LineReader::isBlank(buffer_)) {
      ++skipped_;
      continue;
    }
    const size_t bad = text::findInvalidUtf8(buffer_);
    if (bad != std::string::npos) {
      throw InputError(lines_.path(), lines_.lineNumber(), "text",
                       "invalid UTF-8 at byte column " + std::to_string(bad + 1));
    }
    if (const size_t nul = buffer_.find('\0'); nul != std::string::npos) {
      throw InputError(
          lines_.path(), lines_.lineNumber(), "text",
          "a NUL byte at byte column " + std::to_string(nul + 1) + " (is this a binary file?)");
    }
    out = text::Document{};
    out.source = source_;
    out.text = buffer_;
    return true;
  }
}

}  // namespace spanforge::io
