#pragma once

#include "io/format.h"
#include "io/recordreader.h"
#include "io/recordwriter.h"

#include <functional>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

namespace spanforge::io {

using ReaderFactory =
    std::function<std::unique_ptr<RecordReader>(const std::string& path, const ReaderOptions&)>;
using WriterFactory =
    std::function<std::unique_ptr<RecordWriter>(std::ostream& out, const WriterOptions&)>;

// One interchange format: everything the CLI, the exporter and the dialogs need
// to offer it, so that a new format is its reader/writer plus one table row.
struct FormatInfo {
  Format format = Format::Auto;
  std::string id;           // "labelstudio": the --format value and toString()
  std::string name;         // "Label Studio": short, for help texts and file filters
  std::string displayName;  // "Label Studio JSON": combo boxes and file filters
  // Lower case, with the dot. Auto picks this format for them, so no two rows
  // share one; the first is the one to suggest.
  std::vector<std::string> extensions;
  // Extensions this format's files also use but another row owns (doccano
  // writes .jsonl): offered by file dialogs, never picked by auto.
  std::vector<std::string> sharedExtensions;
  ReaderFactory reader;  // empty: the format cannot be read
  WriterFactory writer;  // empty: the format cannot be written

  bool canRead() const { return static_cast<bool>(reader); }
  bool canWrite() const { return static_cast<bool>(writer); }
  // extensions, then sharedExtensions: what a file in this format may be called.
  std::vector<std::string> fileExtensions() const;
};

// The one table of interchange formats (see formatregistry.cpp).
class FormatRegistry {
 public:
  enum class Access { Read, Write };

  // Every concrete format (never Auto), in the order menus list them.
  static const std::vector<FormatInfo>& all();
  // The formats that can be read (or written), in table order.
  static std::vector<const FormatInfo*> supporting(Access access);
  // Their ids, e.g. for a command line's choices (without "auto").
  static std::vector<std::string> ids(Access access);

  // nullptr for Format::Auto.
  static const FormatInfo* find(Format format);
  // nullptr for "auto" and unknown ids.
  static const FormatInfo* findById(const std::string& id);
  // The row that owns an extension (".JSONL", ".jsonl" or "jsonl"), or nullptr.
  static const FormatInfo* forExtension(const std::string& extension);
  // The row that owns the path's extension, or nullptr.
  static const FormatInfo* forPath(const std::string& path);

  // What auto picks by extension among the formats that can be read (or
  // written), for help texts: ".jsonl = JSONL, .conll .tsv = CoNLL".
  static std::string extensionSummary(Access access);
};

}  // namespace spanforge::io
