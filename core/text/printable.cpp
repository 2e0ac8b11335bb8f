#include "text/printable.h"

#include <utf8proc.h>

#include <cstdio>

namespace spanforge::text {
namespace {

bool isControl(utf8proc_int32_t cp) {
  return cp < 0x20 || cp == 0x7f || (cp >= 0x80 && cp <= 0x9f);
}

// Bidirectional embeddings, overrides and isolates, and the directional marks.
bool isBidiControl(utf8proc_int32_t cp) {
  return cp == 0x200e || cp == 0x200f || (cp >= 0x202a && cp <= 0x202e) ||
         (cp >= 0x2066 && cp <= 0x2069) || cp == 0x061c;
}

void appendEscape(std::string& out, utf8proc_int32_t cp) {
  char buf[16];
  switch (cp) {
    case '\t':
      out += "\\t";
      return;
    case '\n':
      out += "\\n";
      return;
    case '\r':
      out += "\\r";
      return;
    default:
      break;
  }
  if (cp < 0x80) {
    std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(cp));
  } else {
    std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
  }
  out += buf;
}

}  // namespace

std::string printable(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  const auto* p = reinterpret_cast<const utf8proc_uint8_t*>(s.data());
  const auto n = static_cast<utf8proc_ssize_t>(s.size());
  for (utf8proc_ssize_t i = 0; i < n;) {
    utf8proc_int32_t cp = 0;
    const utf8proc_ssize_t len = utf8proc_iterate(p + i, n - i, &cp);
    if (len <= 0 || cp < 0) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(p[i]));
      out += buf;
      ++i;
      continue;
    }
    if (isControl(cp) || isBidiControl(cp)) {
      appendEscape(out, cp);
    } else {
      out.append(s.data() + i, static_cast<size_t>(len));
    }
    i += len;
  }
  return out;
}

bool isPrintable(std::string_view s) { return printable(s) == s; }

}  // namespace spanforge::text
