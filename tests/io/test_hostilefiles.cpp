// Input files a user may pick by mistake (issue #14): each is refused with a
// message naming the file and what is wrong, never read as garbage or hung on.
#include "io/inputerror.h"
#include "io/recordreader.h"
#include "iotest.h"
#include "tempdir.h"

#include "catchapi.h"

#include <sys/stat.h>

using namespace spanforge;
using spanforge::testing::TempDir;

TEST_CASE(
    "hostile files: UTF-16, gzip, zip, a named pipe, a folder and NUL bytes are refused clearly") {
  TempDir dir;
  SECTION("UTF-16 with a byte order mark") {
    // "{"text":"hi"}" in UTF-16LE.
    std::string u16 = "\xFF\xFE";
    for (char c : std::string("{\"text\":\"hi\"}\n")) u16 += std::string(1, c) + '\0';
    spanforge::testing::writeFile(dir.file("u16.jsonl"), u16);
    CHECK_THROWS_WITH(io::openReader(dir.file("u16.jsonl"), io::Format::Auto),
                      ContainsSubstring("u16.jsonl:1") && ContainsSubstring("the file is UTF-16"));
  }
  SECTION("compressed: gzip and zip (a .docx is one) are named, not read line by line") {
    spanforge::testing::writeFile(dir.file("corpus.jsonl"),
                                  std::string("\x1f\x8b\x08\x00\x00\x00\x00\x00", 8));
    CHECK_THROWS_WITH(io::openReader(dir.file("corpus.jsonl"), io::Format::Auto),
                      ContainsSubstring("corpus.jsonl:1") && ContainsSubstring("gzip-compressed"));
    spanforge::testing::writeFile(dir.file("notes.txt"), std::string("PK\x03\x04\x14\x00", 6));
    CHECK_THROWS_WITH(io::openReader(dir.file("notes.txt"), io::Format::Text),
                      ContainsSubstring("notes.txt:1") && ContainsSubstring("zip archive"));
  }
  SECTION("a named pipe would block: refused before it is opened") {
    REQUIRE(mkfifo(dir.file("pipe.jsonl").c_str(), 0600) == 0);
    CHECK_THROWS_WITH(io::openReader(dir.file("pipe.jsonl"), io::Format::Jsonl),
                      ContainsSubstring("pipe.jsonl") && ContainsSubstring("named pipe (FIFO)"));
  }
  SECTION("a folder") {
    CHECK_THROWS_WITH(io::openReader(dir.path().string(), io::Format::Text),
                      ContainsSubstring("is a folder, not a file"));
  }
  SECTION("NUL bytes in plain text and CoNLL") {
    spanforge::testing::checkBad(dir, "nul.txt", std::string("fine\nhello\0world\n", 18),
                                 io::Format::Text, 2, "text", "a NUL byte at byte column 6");
    spanforge::testing::checkBad(dir, "nul.conll", std::string("a\tO\nb\0\tO\n", 9),
                                 io::Format::Conll, 2, "", "a NUL byte at byte column 2");
  }
}
