#include "text/utf8.h"

#include "catchapi.h"

using namespace spanforge::text;

TEST_CASE("findInvalidUtf8 reports the first bad byte") {
  CHECK(findInvalidUtf8("plain ascii") == std::string_view::npos);
  CHECK(findInvalidUtf8("caf\xC3\xA9") == std::string_view::npos);
  CHECK(findInvalidUtf8("ab\xC3") == 2);            // truncated
  CHECK(findInvalidUtf8("a\xC0\xAF") == 1);         // overlong
  CHECK(findInvalidUtf8("x\xED\xA0\x80") == 1);     // surrogate
  CHECK(findInvalidUtf8("\xF4\x90\x80\x80") == 0);  // above U+10FFFF
  CHECK(findInvalidUtf8("ok \xF0\x9F\x98\x80") == std::string_view::npos);
}

TEST_CASE("decode and encode round-trip astral characters") {
  const std::string s = "I \xE2\x9D\xA4 \xF0\x9F\x98\x80!";  // I ❤ 😀!
  const auto cps = decodeUtf8(s);
  REQUIRE(cps.size() == 6);
  CHECK(cps[4] == U'\U0001F600');
  CHECK(encodeUtf8(cps) == s);
  CHECK(codePointCount(s) == 6);
  CHECK(utf16Length(s) == 7);
}

TEST_CASE("OffsetMap converts code points, bytes and UTF-16 units") {
  const std::string s =
      "a\xF0\x9F\x98\x80"
      "b\xC3\xA9";  // a😀bé
  OffsetMap m(s);
  CHECK(m.codePoints() == 4);
  CHECK(m.utf16Units() == 5);
  CHECK(m.byteOffset(2) == 5);
  CHECK(m.utf16Offset(2) == 3);
  CHECK(m.fromUtf16(3) == 2);
  CHECK(m.fromUtf16(2) == -1);  // inside the surrogate pair
  CHECK(m.fromUtf16(5) == 4);
  CHECK(m.fromUtf16(6) == -1);
  CHECK(m.slice(s, 1, 3) ==
        "\xF0\x9F\x98\x80"
        "b");
  CHECK(m.text(s, 1, 3) == m.slice(s, 1, 3));
  CHECK_FALSE(m.text(s, 2, 2));   // empty
  CHECK_FALSE(m.text(s, 3, 2));   // reversed
  CHECK_FALSE(m.text(s, -1, 2));  // before the text
  CHECK_FALSE(m.text(s, 2, 5));   // past its end
}
