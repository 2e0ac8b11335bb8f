#include "io/recordwriter.h"

#include "io/conllwriter.h"
#include "io/doccanowriter.h"
#include "io/jsonlwriter.h"
#include "io/labelstudiowriter.h"
#include "io/textwriter.h"

#include <stdexcept>

namespace spanforge::io {

std::unique_ptr<RecordWriter> openWriter(std::ostream& out, Format format,
                                         const WriterOptions& options) {
  switch (format) {
    case Format::Jsonl:
      return std::make_unique<JsonlWriter>(out);
    case Format::Doccano:
      return std::make_unique<DoccanoWriter>(out);
    case Format::LabelStudio:
      return std::make_unique<LabelStudioWriter>(out);
    case Format::Conll:
      return std::make_unique<ConllWriter>(out, options.scheme);
    case Format::Text:
      return std::make_unique<TextWriter>(out);
    case Format::Auto:
      break;
  }
  throw std::invalid_argument("openWriter: the output format must be concrete, not auto");
}

}  // namespace spanforge::io
