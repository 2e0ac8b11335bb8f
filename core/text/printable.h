#pragma once

#include <string>
#include <string_view>

namespace spanforge::text {

// Text from a file (a label, a document, an error message quoting either) made
// safe to show on a terminal or in a one-line message: C0 control characters
// (TAB, newline and ESC included), DEL and C1 controls, and the bidirectional
// overrides that reorder what a reader sees, become escapes ("\t", "\n",
// "\x1b", "\u009b", "\u202e"); each byte of invalid UTF-8 becomes "\xHH".
// Everything else, backslashes included, is kept, so printable(printable(s))
// == printable(s) and an escaped message can be escaped again on its way out.
std::string printable(std::string_view s);

// True when printable(s) == s.
bool isPrintable(std::string_view s);

}  // namespace spanforge::text
