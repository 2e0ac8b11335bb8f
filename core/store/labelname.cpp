#include "store/labelname.h"

#include "store/storeerror.h"
#include "text/printable.h"
#include "text/utf8.h"

#include <cctype>
#include <cstdio>

namespace spanforge::store {
namespace {

constexpr size_t kQuotedCodePoints = 60;

std::string codePointName(char32_t cp) {
  char buf[16];
  std::snprintf(buf, sizeof buf, "U+%04X", static_cast<unsigned>(cp));
  return buf;
}

}  // namespace

std::string LabelName::shown(std::string_view name) {
  // Cut on a code point boundary of valid text; invalid bytes are escaped anyway.
  size_t cut = name.size();
  size_t points = 0;
  for (size_t i = 0; i < name.size(); ++i) {
    if ((static_cast<unsigned char>(name[i]) & 0xC0) == 0x80) continue;
    if (points++ == kQuotedCodePoints) {
      cut = i;
      break;
    }
  }
  std::string out = text::printable(name.substr(0, cut));
  if (cut < name.size()) out += "...";
  return out;
}

std::optional<std::string> LabelName::problem(std::string_view name) {
  if (name.empty()) return std::string("A label needs a name.");
  if (text::findInvalidUtf8(name) != std::string_view::npos) {
    return "The label name " + quoted(name) + " is not valid UTF-8.";
  }
  const std::u32string points = text::decodeUtf8(name);
  if (points.size() > kMaxCodePoints) {
    return "The label name " + quoted(name) + " is " + std::to_string(points.size()) +
           " characters long; a label name has at most " + std::to_string(kMaxCodePoints) + ".";
  }
  for (const char32_t cp : points) {
    if (cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f)) {
      return "The label name " + quoted(name) + " contains a control character (" +
             codePointName(cp) + "); use letters, digits, punctuation and spaces.";
    }
  }
  if (std::isspace(static_cast<unsigned char>(name.front())) ||
      std::isspace(static_cast<unsigned char>(name.back()))) {
    return "The label name " + quoted(name) + " starts or ends with a space; remove it.";
  }
  return std::nullopt;
}

void LabelName::check(std::string_view name) {
  if (auto p = problem(name)) throw StoreError(*p);
}

}  // namespace spanforge::store
