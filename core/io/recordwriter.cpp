#include "io/recordwriter.h"

#include "io/formatregistry.h"

#include <stdexcept>

namespace spanforge::io {

std::unique_ptr<RecordWriter> openWriter(std::ostream& out, Format format,
                                         const WriterOptions& options) {
  const FormatInfo* info = FormatRegistry::find(format);
  if (!info)
    throw std::invalid_argument("openWriter: the output format must be concrete, not auto");
  if (!info->canWrite()) {
    throw std::invalid_argument("openWriter: the format '" + info->id + "' cannot be written");
  }
  return info->writer(out, options);
}

}  // namespace spanforge::io
