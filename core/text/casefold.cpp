#include "text/casefold.h"

#include <utf8proc.h>

#include <cstdlib>

namespace spanforge::text {

std::string foldCase(std::string_view utf8) {
  if (utf8.empty()) return {};
  utf8proc_uint8_t* folded = nullptr;
  const utf8proc_ssize_t n =
      utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(utf8.data()),
                   static_cast<utf8proc_ssize_t>(utf8.size()), &folded, UTF8PROC_CASEFOLD);
  if (n < 0) return std::string(utf8);  // invalid UTF-8: nothing is allocated
  std::string out(reinterpret_cast<const char*>(folded), static_cast<size_t>(n));
  std::free(folded);
  return out;
}

}  // namespace spanforge::text
