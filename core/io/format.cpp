#include "io/format.h"

#include "io/conllreader.h"
#include "io/formatregistry.h"
#include "io/inputerror.h"
#include "io/jsonrecord.h"
#include "io/linereader.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <vector>

namespace spanforge::io {
namespace {

constexpr int64_t kSniffBytes = 1024 * 1024;  // enough for the first record of any sane file
constexpr int kSniffConllLines = 5;
constexpr const char* kAutoId = "auto";

std::string_view trimBlanks(std::string_view s) {
  const auto ws = [](char c) { return c == ' ' || c == '\t' || c == '\r'; };
  while (!s.empty() && ws(s.front())) s.remove_prefix(1);
  while (!s.empty() && ws(s.back())) s.remove_suffix(1);
  return s;
}

// A CoNLL line: token, TAB or spaces, ..., a tag in the last column.
bool looksLikeConll(std::string_view line) {
  line = trimBlanks(line);
  if (line.rfind("-DOCSTART-", 0) == 0) return true;
  const bool tabs = line.find('\t') != std::string_view::npos;
  const size_t cut = line.find_last_of(tabs ? "\t" : " ");
  if (cut == std::string_view::npos) return false;
  return ConllReader::isTag(line.substr(cut + 1)) && !trimBlanks(line.substr(0, cut)).empty();
}

bool isTriple(const nlohmann::json& v) {
  return v.is_array() && v.size() == 3 && v[0].is_number_integer() && v[1].is_number_integer() &&
         v[2].is_string();
}

// Doccano ({"text", "label": [[s, e, "L"], ...]}) or Prodigy/spaCy JSONL.
std::optional<Format> sniffObject(const std::string& line) {
  // The reader will name a syntax error or a record nested too deep.
  if (JsonRecord::findTooDeep(line) != std::string::npos) return Format::Jsonl;
  const auto j = nlohmann::json::parse(line, nullptr, false);
  if (j.is_discarded()) return Format::Jsonl;
  if (!j.is_object()) return std::nullopt;
  for (const char* key : {"label", "labels"}) {
    const auto it = j.find(key);
    if (it != j.end() && it->is_array() && std::all_of(it->begin(), it->end(), isTriple)) {
      return Format::Doccano;
    }
  }
  if (j.contains("spans") || j.contains("text")) return Format::Jsonl;
  return std::nullopt;
}

}  // namespace

const char* toString(Format f) {
  const FormatInfo* info = FormatRegistry::find(f);
  return info ? info->id.c_str() : kAutoId;
}

std::optional<Format> parseFormat(const std::string& name) {
  if (name == kAutoId) return Format::Auto;
  if (const FormatInfo* info = FormatRegistry::findById(name)) return info->format;
  return std::nullopt;
}

const char* toString(TagScheme s) {
  switch (s) {
    case TagScheme::Auto:
      return "auto";
    case TagScheme::Iob2:
      return "iob2";
    case TagScheme::Iob1:
      return "iob1";
    case TagScheme::Biluo:
      return "biluo";
  }
  return "auto";
}

std::optional<TagScheme> parseTagScheme(const std::string& name) {
  for (TagScheme s : {TagScheme::Auto, TagScheme::Iob2, TagScheme::Iob1, TagScheme::Biluo}) {
    if (name == toString(s)) return s;
  }
  return std::nullopt;
}

// The content decides where it is clear ('[' opens Label Studio's task array,
// a JSON object line is doccano or JSONL, token-tag lines are CoNLL); the
// extension decides otherwise, and plain text is the fallback.
Format detectFormat(const std::string& path) {
  std::optional<Format> byExtension;
  if (const FormatInfo* info = FormatRegistry::forPath(path); info && info->canRead()) {
    byExtension = info->format;
  }
  LineReader reader(path, kSniffBytes);
  std::string line;
  LineReader::Result r;
  while ((r = reader.next(line)) != LineReader::Result::End && LineReader::isBlank(line)) {
  }
  if (r == LineReader::Result::End) {
    if (byExtension) return *byExtension;
    throw InputError(path, 0, "", "the file is empty; cannot tell its format");
  }
  const std::string_view first = trimBlanks(line);
  if (!first.empty() && first.front() == '[') return Format::LabelStudio;
  if (!first.empty() && first.front() == '{') {
    if (r == LineReader::Result::TooLong) return Format::Jsonl;
    if (auto f = sniffObject(line)) return *f;
    throw InputError(path, reader.lineNumber(), "",
                     "a JSON object without \"text\", \"spans\" or \"label\"; cannot tell its "
                     "format (name one explicitly)");
  }
  // CoNLL when the first few non-blank lines all look like token-tag lines:
  // one line alone could be a sentence that ends in "O".
  bool conll = r == LineReader::Result::Line && looksLikeConll(line);
  for (int n = 1; conll && n < kSniffConllLines; ++n) {
    while ((r = reader.next(line)) == LineReader::Result::Line && LineReader::isBlank(line)) {
    }
    if (r == LineReader::Result::End) break;
    conll = r == LineReader::Result::Line && looksLikeConll(line);
  }
  if (conll) return Format::Conll;
  if (byExtension && *byExtension != Format::Text) return *byExtension;
  return Format::Text;
}

}  // namespace spanforge::io
