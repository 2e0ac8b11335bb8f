#include "io/recordreader.h"

#include "io/conllreader.h"
#include "io/doccanoreader.h"
#include "io/jsonlreader.h"
#include "io/labelstudioreader.h"
#include "io/textreader.h"

namespace spanforge::io {

std::unique_ptr<RecordReader> openReader(const std::string& path, Format format,
                                         const ReaderOptions& options) {
  if (format == Format::Auto) format = detectFormat(path);
  switch (format) {
    case Format::Jsonl:
      return std::make_unique<JsonlReader>(path, options);
    case Format::Doccano:
      return std::make_unique<DoccanoReader>(path, options);
    case Format::LabelStudio:
      return std::make_unique<LabelStudioReader>(path, options);
    case Format::Conll:
      return std::make_unique<ConllReader>(path, options);
    case Format::Text:
      return std::make_unique<TextReader>(path, options);
    case Format::Auto:
      break;
  }
  return nullptr;  // unreachable: Auto was resolved above
}

}  // namespace spanforge::io
