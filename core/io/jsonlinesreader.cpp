#include "io/jsonlinesreader.h"

#include "io/inputerror.h"

namespace spanforge::io {

JsonLinesReader::JsonLinesReader(const std::string& path, const ReaderOptions& options)
    : lines_(path, options.maxRecordBytes),
      options_(options),
      source_(LineReader::fileName(path)) {}

bool JsonLinesReader::next(text::Document& out) {
  for (;;) {
    const auto r = lines_.next(buffer_);
    if (r == LineReader::Result::End) return false;
    if (r == LineReader::Result::TooLong) {
      throw InputError(lines_.path(), lines_.lineNumber(), "",
                       "the line is longer than the limit of " +
                           std::to_string(options_.maxRecordBytes) + " bytes");
    }
    if (LineReader::isBlank(buffer_)) {
      ++skipped_;
      continue;
    }
    const JsonRecord record(lines_.path(), lines_.lineNumber());
    const JsonRecord::Json json = record.parse(buffer_);
    record.expectObject(json, "");
    out = text::Document{};
    out.source = source_;
    convert(record, json, out);
    return true;
  }
}

}  // namespace spanforge::io
