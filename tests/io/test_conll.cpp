#include "io/writeerror.h"
#include "iotest.h"

using namespace spanforge;
using spanforge::testing::checkBad;
using spanforge::testing::readAll;
using spanforge::testing::TempDir;
using spanforge::testing::writeAll;
using spanforge::testing::writeFile;

namespace {

std::vector<text::Span> spansOf(const TempDir& dir, const std::string& content,
                                io::TagScheme scheme = io::TagScheme::Auto) {
  writeFile(dir.file("s.conll"), content);
  io::ReaderOptions opts;
  opts.scheme = scheme;
  const auto docs = readAll(dir.file("s.conll"), io::Format::Conll, opts);
  REQUIRE(docs.size() == 1);
  return docs[0].spans;
}

}  // namespace

TEST_CASE("CoNLL: tokens joined by spaces, code-point offsets, spans from tags") {
  TempDir dir;
  writeFile(
      dir.file("a.conll"),
      "-DOCSTART- -X- -X- O\n\n"
      "Z\xC3\xBCrich\tB-LOC\nis\tO\n\xF0\x9F\x98\x80\tO\nNew York\tB-LOC\n\t\n"  // TABs: a token
                                                                                 // may hold a space
      "EU NNP B-NP B-ORG\r\nrejects VBZ B-VP O\r\n \r\n"  // CoNLL-2003 columns, CRLF
      "Peter B-PER\nBlack I-PER\n-DOCSTART-\nlast O");
  const auto docs = readAll(dir.file("a.conll"), io::Format::Conll);
  REQUIRE(docs.size() == 4);
  const auto& d = docs[0];
  CHECK(d.text == "Z\xC3\xBCrich is \xF0\x9F\x98\x80 New York");
  REQUIRE(d.tokens.size() == 4);
  CHECK(d.tokens[0] == text::Token{"Z\xC3\xBCrich", 0, 6});
  CHECK(d.tokens[2] == text::Token{"\xF0\x9F\x98\x80", 10, 11});
  CHECK(d.tokens[3] == text::Token{"New York", 12, 20});
  CHECK(d.spans == std::vector<text::Span>{{0, 6, "LOC"}, {12, 20, "LOC"}});
  CHECK(d.status == text::DocStatus::Accepted);
  CHECK(docs[1].text == "EU rejects");
  CHECK(docs[1].spans == std::vector<text::Span>{{0, 2, "ORG"}});
  CHECK(docs[2].spans == std::vector<text::Span>{{0, 11, "PER"}});
  CHECK(docs[3].text == "last");
}

TEST_CASE("CoNLL: Auto picks the scheme per document") {
  TempDir dir;
  // IOB1: I- starts entities, B- only separates two adjacent ones of a type.
  CHECK(spansOf(dir, "a I-PER\nb I-PER\nc B-PER\nd O\ne I-LOC\n") ==
        std::vector<text::Span>{{0, 3, "PER"}, {4, 5, "PER"}, {8, 9, "LOC"}});
  // BILUO, and IOBES's E-/S- spelling of L-/U-.
  CHECK(spansOf(dir, "a B-PER\nb I-PER\nc L-PER\nd U-LOC\ne O\n") ==
        std::vector<text::Span>{{0, 5, "PER"}, {6, 7, "LOC"}});
  CHECK(spansOf(dir, "a B-PER\nb E-PER\nc S-LOC\n") ==
        std::vector<text::Span>{{0, 3, "PER"}, {4, 5, "LOC"}});
  // IOB2.
  CHECK(spansOf(dir, "a B-PER\nb B-PER\nc I-PER\n") ==
        std::vector<text::Span>{{0, 1, "PER"}, {2, 5, "PER"}});
  // Explicit IOB1.
  CHECK(spansOf(dir, "a I-X\nb B-X\nc I-Y\n", io::TagScheme::Iob1) ==
        std::vector<text::Span>{{0, 1, "X"}, {2, 3, "X"}, {4, 5, "Y"}});
}

TEST_CASE("CoNLL: inconsistent tags name the line and the token") {
  TempDir dir;
  const std::string head = "Good O\nsentence O\n\n";  // lines 1-3
  const auto bad = [&](const std::string& doc, int64_t line, const std::string& fragment,
                       io::TagScheme scheme = io::TagScheme::Auto) {
    io::ReaderOptions opts;
    opts.scheme = scheme;
    checkBad(dir, "bad.conll", head + doc + "\nafter O\n", io::Format::Conll, line, "tag", fragment,
             opts);
  };
  bad("John B-\n", 4, "token 'John': 'B-' is not a tag");
  bad("a O\nJohn X-PER\n", 5, "token 'John': 'X-PER' is not a tag");
  bad("John b-per\n", 4, "'b-per' is not a tag");
  bad("John\n", 4, "no tag");
  bad("a O\nSmith I-PER\n", 5, "token 'Smith': I-PER at token 1 follows O (expected B-PER) (IOB2)",
      io::TagScheme::Iob2);
  bad("a B-LOC\nSmith I-PER\n", 5, "token 'Smith': I-PER at token 1 follows B-LOC",
      io::TagScheme::Iob2);
  bad("a O\nb L-PER\n", 5, "token 'b': L-PER at token 1 without B-PER (follows O) (BILUO)");
  bad("a B-PER\nb L-LOC\n", 4, "token 'a': B-PER at token 0 is not closed by L-PER (BILUO)");
  bad("a B-PER\nb O\n", 4, "token 'a': B-PER at token 0 is not closed by L-PER",
      io::TagScheme::Biluo);
  bad("a B-PER\nb I-PER\n", 5, "token 'b': I-PER at token 1 is not closed by L-PER",
      io::TagScheme::Biluo);
  bad("a U-PER\nb I-PER\n", 5, "token 'b': I-PER at token 1 without B-PER (follows U-PER)");
  bad("a B-PER\nb L-PER\n", 5, "token 'b': L-PER at token 1 is not an IOB2 tag",
      io::TagScheme::Iob2);
  bad("a U-PER\n", 4, "token 'a': U-PER at token 0 is not an IOB1 tag", io::TagScheme::Iob1);
  // Strict IOB1 begins entities with I-: a B- must follow an entity of its type.
  bad("a B-PER\nb I-PER\n", 4, "token 'a': B-PER at token 0 does not follow a PER entity",
      io::TagScheme::Iob1);
}

TEST_CASE("CoNLL: bad lines name the field, the reader skips to the next document") {
  TempDir dir;
  checkBad(dir, "u.conll",
           "ok O\n\nab\xFF"
           "c\tO\n",
           io::Format::Conll, 3, "token", "invalid UTF-8 at byte column 3");
  checkBad(dir, "u.conll", "ok O\n\nabc\tB-\xFF\n", io::Format::Conll, 3, "tag",
           "invalid UTF-8 at byte column 7");
  // Found by fuzzing: a vertical tab as the token made a document of whitespace.
  checkBad(dir, "w.conll", "ok O\n\n\v\tO\n", io::Format::Conll, 3, "token",
           "the token is empty or only whitespace");
  io::ReaderOptions opts;
  opts.maxRecordBytes = 20;
  checkBad(dir, "l.conll", "ok O\n\nshort O\n" + std::string(30, 'x') + " O\n", io::Format::Conll,
           4, "", "line is longer than the limit of 20 bytes", opts);
  checkBad(dir, "l.conll", "ok O\n\nfirst O\nsecond O\nthird O\nfourth O\n", io::Format::Conll, 3,
           "", "document is longer than the limit of 20 bytes", opts);

  writeFile(dir.file("m.conll"), "one O\n\nbad X-1\nmore O\nJohn B-PER\n\nthree O\n");
  auto reader = io::openReader(dir.file("m.conll"), io::Format::Conll);
  text::Document d;
  REQUIRE(reader->next(d));
  CHECK(d.text == "one");
  try {
    reader->next(d);
    FAIL("no InputError");
  } catch (const io::InputError& e) {
    CHECK(e.line() == 3);
  }
  CHECK(reader->line() == 3);
  REQUIRE(reader->next(d));
  CHECK(d.text == "three");
  CHECK(reader->line() == 7);
  CHECK_FALSE(reader->next(d));
}

TEST_CASE("CoNLL: the writer writes each scheme") {
  text::Document d;
  d.text = "Ann Lee met Bob Ray Cole in Rome";
  d.tokens = {{"Ann", 0, 3},   {"Lee", 4, 7},    {"met", 8, 11}, {"Bob", 12, 15},
              {"Ray", 16, 19}, {"Cole", 20, 24}, {"in", 25, 27}, {"Rome", 28, 32}};
  d.spans = {{0, 7, "PER"}, {12, 15, "PER"}, {16, 24, "PER"}, {28, 32, "LOC"}};
  const auto tags = [&](io::TagScheme s) {
    io::WriterOptions w;
    w.scheme = s;
    std::string out = writeAll({d}, io::Format::Conll, w);
    std::string t;
    for (size_t p = 0; (p = out.find('\t', p)) != std::string::npos; ++p) {
      t += out.substr(p + 1, out.find('\n', p) - p - 1) + " ";
    }
    return t;
  };
  CHECK(tags(io::TagScheme::Iob2) == "B-PER I-PER O B-PER B-PER I-PER O B-LOC ");
  CHECK(tags(io::TagScheme::Iob1) == "I-PER I-PER O I-PER B-PER I-PER O I-LOC ");
  CHECK(tags(io::TagScheme::Biluo) == "B-PER L-PER O U-PER B-PER L-PER O U-LOC ");
  CHECK(writeAll({d}, io::Format::Conll).rfind("Ann\tB-PER\nLee\tI-PER\nmet\tO\n", 0) == 0);
  CHECK(writeAll({d}, io::Format::Conll).find("Rome\tB-LOC\n\n") != std::string::npos);
}

TEST_CASE("CoNLL: the writer tokenizes a document without tokens") {
  text::Document d;
  d.text = "Alice met Bob";
  d.spans = {{10, 13, "PER"}};
  CHECK(writeAll({d}, io::Format::Conll) == "Alice\tO\nmet\tO\nBob\tB-PER\n\n");
}

TEST_CASE("CoNLL: the writer refuses spans that do not fit the tokens") {
  text::Document ok;
  ok.text = "fine";
  text::Document d;
  d.text = "Ann Leeds";
  d.tokens = {{"Ann", 0, 3}, {"Leeds", 4, 9}};
  d.spans = {{0, 3, "PER"}, {4, 7, "LOC"}};
  d.source = "x.jsonl";
  try {
    writeAll({ok, d}, io::Format::Conll);
    FAIL("no WriteError");
  } catch (const io::WriteError& e) {
    INFO(e.what());
    CHECK(e.document() == 2);
    CHECK(e.source() == "x.jsonl");
    CHECK(e.field() == "spans[1]");
    CHECK(e.message() ==
          "spans[1] (4..7 'LOC') 'Lee' does not cover whole tokens (end 7 falls inside token 1 "
          "\"Leeds\" [4,9))");
  }
  d.spans = {{4, 9, "LOC"}};
  d.tokens[1].text = "Le\tds";
  d.text = "Ann Le\tds";
  CHECK_THROWS_AS(writeAll({d}, io::Format::Conll), io::WriteError);
  d.tokens = {{"Ann", 0, 3}, {"-DOCSTART-", 4, 14}};
  d.text = "Ann -DOCSTART-";
  CHECK_THROWS_AS(writeAll({d}, io::Format::Conll), io::WriteError);
}
