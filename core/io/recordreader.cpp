#include "io/recordreader.h"

#include "io/formatregistry.h"
#include "io/inputerror.h"

#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace spanforge::io {

namespace {

// Readers open a file more than once (format detection, an import's two
// passes): a named pipe would hang, a device never end.
void requireRegularFile(const std::string& path) {
  std::error_code ec;
  const auto status = std::filesystem::status(path, ec);
  if (ec || !std::filesystem::exists(status)) return;  // opening it says why
  if (std::filesystem::is_directory(status))
    throw InputError(path, 0, "", "is a folder, not a file");
  if (!std::filesystem::is_regular_file(status)) {
    throw InputError(
        path, 0, "",
        std::string("is ") +
            (std::filesystem::is_fifo(status) ? "a named pipe (FIFO)" : "a device or socket") +
            ", not a regular file; save the data to a file first");
  }
}

// A UTF-16 or compressed file reads as garbage on every line; say what it is once.
void refuseNonText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  unsigned char head[4] = {0, 0, 0, 0};
  in.read(reinterpret_cast<char*>(head), 4);
  const auto n = in.gcount();
  if (n >= 2 && ((head[0] == 0xFF && head[1] == 0xFE) || (head[0] == 0xFE && head[1] == 0xFF))) {
    throw InputError(path, 1, "",
                     "the file is UTF-16 (it starts with a UTF-16 byte order mark); save it as "
                     "UTF-8, e.g. iconv -f UTF-16 -t UTF-8");
  }
  if (n >= 2 && head[0] == 0x1F && head[1] == 0x8B) {
    throw InputError(path, 1, "",
                     "the file is gzip-compressed; decompress it first, e.g. gunzip -k FILE");
  }
  if (n == 4 && head[0] == 'P' && head[1] == 'K' && head[2] == 3 && head[3] == 4) {
    throw InputError(path, 1, "",
                     "the file is a zip archive (or a .docx/.xlsx document); extract or export "
                     "the text file first");
  }
}

}  // namespace

std::unique_ptr<RecordReader> openReader(const std::string& path, Format format,
                                         const ReaderOptions& options) {
  requireRegularFile(path);
  refuseNonText(path);
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
