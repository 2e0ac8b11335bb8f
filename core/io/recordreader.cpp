#include "io/recordreader.h"

#include "io/formatregistry.h"

#include <stdexcept>

namespace spanforge::io {

std::unique_ptr<RecordReader> openReader(const std::string& path, Format format,
                                         const ReaderOptions& options) {
  if (format == Format::Auto) format = detectFormat(path);
  const FormatInfo* info = FormatRegistry::find(format);
  // A caller error, not bad input: the choices offered come from the registry.
  if (!info || !info->canRead()) {
    throw std::invalid_argument(std::string("openReader: the format '") + toString(format) +
                                "' cannot be read");
  }
  return info->reader(path, options);
}

}  // namespace spanforge::io
