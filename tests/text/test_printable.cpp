// Issue #31: text from a file never reaches a terminal raw.
#include "text/printable.h"

#include "catchapi.h"

using spanforge::text::isPrintable;
using spanforge::text::printable;

TEST_CASE("printable escapes C0, DEL, C1, bidi overrides and invalid UTF-8") {
  CHECK(printable("PER") == "PER");
  CHECK(printable("Zürich 東京 🙂") == "Zürich 東京 🙂");
  CHECK(printable("a\tb\nc\rd") == "a\\tb\\nc\\rd");
  CHECK(printable("\x1b[31mred\x1b]0;title\x07") == "\\x1b[31mred\\x1b]0;title\\x07");
  CHECK(printable(std::string("nul\0x", 5)) == "nul\\x00x");
  CHECK(printable("del\x7f") == "del\\x7f");
  CHECK(printable("csi\xc2\x9b"
                  "2J") == "csi\\u009b2J");
  CHECK(printable("evil\xe2\x80\xae"
                  "txt") == "evil\\u202etxt");
  CHECK(printable("bad\xff\xc3") == "bad\\xff\\xc3");
  CHECK(printable("\xed\xa0\x80") == "\\xed\\xa0\\x80");  // a UTF-16 surrogate
  CHECK(printable("back\\slash") == "back\\slash");       // kept: escaping twice is harmless
  CHECK(printable(printable("a\x1b"
                            "b")) == printable("a\x1b"
                                               "b"));
  CHECK(isPrintable("plain text"));
  CHECK_FALSE(isPrintable("a\nb"));
}
