#pragma once

#include "io/format.h"

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::project {

struct ExportOptions {
  io::Format format = io::Format::Auto;  // Auto: from the output file's extension
  io::TagScheme scheme = io::TagScheme::Iob2;
  bool acceptedOnly = true;  // false: every document, whatever its status
};

struct ExportReport {
  int64_t documents = 0;
  io::Format format = io::Format::Jsonl;
  bool cancelled = false;  // nothing was written
};

// Writes a project's documents to one file in an interchange format. The file
// appears only when complete (written to a temporary name, then renamed).
class Exporter {
 public:
  explicit Exporter(store::ProjectStore& project) : project_(project) {}

  // Throws io::InputError for an unwritable path, one that is the project
  // (also through a link) or one of its SQLite files, or unknown extension and
  // rethrows writer errors (e.g. a span that doesn't align to CoNLL tokens).
  ExportReport run(const std::string& outPath, const ExportOptions& options,
                   const std::function<void(int64_t done)>& progress = {},
                   const std::atomic<bool>* cancel = nullptr);

  // The format an output path's extension implies (io::FormatRegistry's
  // extensions, any case): .jsonl -> jsonl, .json -> labelstudio, .conll -> conll.
  static io::Format formatForPath(const std::string& path);

 private:
  store::ProjectStore& project_;
};

}  // namespace spanforge::project
