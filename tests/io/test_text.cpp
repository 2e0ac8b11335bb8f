#include "io/writeerror.h"
#include "iotest.h"

using namespace spanforge;
using spanforge::testing::checkBad;
using spanforge::testing::readAll;
using spanforge::testing::TempDir;
using spanforge::testing::writeAll;
using spanforge::testing::writeFile;

TEST_CASE("text: one unlabelled document per line, blank lines skipped and counted") {
  TempDir dir;
  writeFile(dir.file("t.txt"),
            "\xEF\xBB\xBF"
            "first line\r\n\n  \t\nsecond \xF0\x9F\x98\x80\nlast");
  auto reader = io::openReader(dir.file("t.txt"), io::Format::Text);
  text::Document d;
  REQUIRE(reader->next(d));
  CHECK(d.text == "first line");  // BOM and CR dropped
  CHECK(d.status == text::DocStatus::Unlabelled);
  CHECK(d.source == "t.txt");
  CHECK(reader->line() == 1);
  REQUIRE(reader->next(d));
  CHECK(d.text == "second \xF0\x9F\x98\x80");
  CHECK(reader->line() == 4);
  REQUIRE(reader->next(d));
  CHECK(d.text == "last");
  CHECK_FALSE(reader->next(d));
  CHECK(reader->skipped() == 2);
  CHECK(reader->bytesRead() ==
        static_cast<int64_t>(spanforge::testing::readFile(dir.file("t.txt")).size()));
}

TEST_CASE("text: bad lines name file, line and column, and are skipped") {
  TempDir dir;
  checkBad(dir, "bad.txt", "ok\nab\xE2\x82\n", io::Format::Text, 2, "text",
           "invalid UTF-8 at byte column 3");
  io::ReaderOptions opts;
  opts.maxRecordBytes = 10;
  checkBad(dir, "long.txt", "ok\n\nshort\n" + std::string(11, 'x') + "\nok\n", io::Format::Text, 4,
           "text", "longer than the limit of 10 bytes", opts);
  writeFile(dir.file("long.txt"), "a\n" + std::string(11, 'x') + "\nb\n");
  auto reader = io::openReader(dir.file("long.txt"), io::Format::Text, opts);
  text::Document d;
  REQUIRE(reader->next(d));
  CHECK_THROWS_AS(reader->next(d), io::InputError);
  REQUIRE(reader->next(d));
  CHECK(d.text == "b");
}

TEST_CASE("text: the writer refuses a text with a line break") {
  text::Document a;
  a.text = "one line";
  text::Document b;
  b.text = "two\nlines";
  b.source = "notes.jsonl";
  CHECK(writeAll({a}, io::Format::Text) == "one line\n");
  try {
    writeAll({a, b}, io::Format::Text);
    FAIL("no WriteError");
  } catch (const io::WriteError& e) {
    CHECK(e.document() == 2);
    CHECK(e.field() == "text");
    CHECK(std::string(e.what()).rfind("document 2 (notes.jsonl): text: the text has a line break",
                                      0) == 0);
  }
  b.text = "carriage\rreturn";
  CHECK_THROWS_AS(writeAll({b}, io::Format::Text), io::WriteError);
}
