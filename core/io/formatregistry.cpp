#include "io/formatregistry.h"

#include "io/conllreader.h"
#include "io/conllwriter.h"
#include "io/doccanoreader.h"
#include "io/doccanowriter.h"
#include "io/jsonlreader.h"
#include "io/jsonlwriter.h"
#include "io/labelstudioreader.h"
#include "io/labelstudiowriter.h"
#include "io/textreader.h"
#include "io/textwriter.h"

#include <algorithm>
#include <cctype>
#include <filesystem>

namespace spanforge::io {
namespace {

template <class Reader>
ReaderFactory readerOf() {
  return [](const std::string& path, const ReaderOptions& options) {
    return std::make_unique<Reader>(path, options);
  };
}

// Most writers need only the stream; CoNLL's takes the tag scheme as well.
template <class Writer>
WriterFactory writerOf() {
  return [](std::ostream& out, const WriterOptions&) { return std::make_unique<Writer>(out); };
}

std::vector<FormatInfo> makeTable() {
  std::vector<FormatInfo> rows;
  rows.push_back({Format::Jsonl,
                  "jsonl",
                  "JSONL",
                  "JSONL (Prodigy, spaCy)",
                  {".jsonl"},
                  {},
                  readerOf<JsonlReader>(),
                  writerOf<JsonlWriter>()});
  // Shares .jsonl with the row above; detectFormat tells them apart by content.
  rows.push_back({Format::Doccano,
                  "doccano",
                  "doccano",
                  "doccano JSONL",
                  {},
                  {".jsonl"},
                  readerOf<DoccanoReader>(),
                  writerOf<DoccanoWriter>()});
  rows.push_back({Format::LabelStudio,
                  "labelstudio",
                  "Label Studio",
                  "Label Studio JSON",
                  {".json"},
                  {},
                  readerOf<LabelStudioReader>(),
                  writerOf<LabelStudioWriter>()});
  rows.push_back({Format::Conll,
                  "conll",
                  "CoNLL",
                  "CoNLL (token per line)",
                  {".conll", ".iob", ".bio", ".tsv"},
                  {},
                  readerOf<ConllReader>(),
                  [](std::ostream& out, const WriterOptions& options) {
                    return std::make_unique<ConllWriter>(out, options.scheme);
                  }});
  rows.push_back({Format::Text,
                  "text",
                  "Plain text",
                  "Plain text (one document per line)",
                  {".txt"},
                  {},
                  readerOf<TextReader>(),
                  writerOf<TextWriter>()});
  return rows;
}

std::string lower(std::string s) {
  std::transform(s.begin(), s.end(), s.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return s;
}

bool supports(const FormatInfo& f, FormatRegistry::Access access) {
  return access == FormatRegistry::Access::Read ? f.canRead() : f.canWrite();
}

}  // namespace

std::vector<std::string> FormatInfo::fileExtensions() const {
  std::vector<std::string> out = extensions;
  out.insert(out.end(), sharedExtensions.begin(), sharedExtensions.end());
  return out;
}

const std::vector<FormatInfo>& FormatRegistry::all() {
  static const std::vector<FormatInfo> table = makeTable();
  return table;
}

std::vector<const FormatInfo*> FormatRegistry::supporting(Access access) {
  std::vector<const FormatInfo*> out;
  for (const FormatInfo& f : all()) {
    if (supports(f, access)) out.push_back(&f);
  }
  return out;
}

std::vector<std::string> FormatRegistry::ids(Access access) {
  std::vector<std::string> out;
  for (const FormatInfo* f : supporting(access)) out.push_back(f->id);
  return out;
}

const FormatInfo* FormatRegistry::find(Format format) {
  for (const FormatInfo& f : all()) {
    if (f.format == format) return &f;
  }
  return nullptr;
}

const FormatInfo* FormatRegistry::findById(const std::string& id) {
  for (const FormatInfo& f : all()) {
    if (f.id == id) return &f;
  }
  return nullptr;
}

const FormatInfo* FormatRegistry::forExtension(const std::string& extension) {
  if (extension.empty()) return nullptr;
  const std::string ext = lower(extension.front() == '.' ? extension : "." + extension);
  for (const FormatInfo& f : all()) {
    if (std::find(f.extensions.begin(), f.extensions.end(), ext) != f.extensions.end()) return &f;
  }
  return nullptr;
}

const FormatInfo* FormatRegistry::forPath(const std::string& path) {
  return forExtension(std::filesystem::path(path).extension().string());
}

std::string FormatRegistry::extensionSummary(Access access) {
  std::string out;
  for (const FormatInfo* f : supporting(access)) {
    if (f->extensions.empty()) continue;
    if (!out.empty()) out += ", ";
    for (const std::string& ext : f->extensions) out += ext + " ";
    out += "= " + f->name;
  }
  return out;
}

}  // namespace spanforge::io
