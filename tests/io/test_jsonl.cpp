#include "io/writeerror.h"
#include "iotest.h"

using namespace spanforge;
using spanforge::testing::checkBad;
using spanforge::testing::readAll;
using spanforge::testing::TempDir;
using spanforge::testing::writeAll;
using spanforge::testing::writeFile;

namespace {
const std::string kEmoji = "\xF0\x9F\x98\x80";  // U+1F600, one code point, 4 bytes
}

TEST_CASE("JSONL: reads a Prodigy record with tokens, spans, answer and meta") {
  TempDir dir;
  writeFile(dir.file("a.jsonl"),
            R"({"text":"Hi Ann Lee","tokens":[{"text":"Hi","start":0,"end":2,"id":0,"ws":true},)"
            R"({"text":"Ann","start":3,"end":6,"id":1},{"text":"Lee","start":7,"end":10,"id":2}],)"
            R"("spans":[{"start":3,"end":10,"label":"PER","token_start":1,"token_end":2}],)"
            R"("answer":"reject","meta":{"b":1,"a":"x"},"_input_hash":5})"
            "\n");
  const auto docs = readAll(dir.file("a.jsonl"), io::Format::Jsonl);
  REQUIRE(docs.size() == 1);
  const auto& d = docs[0];
  CHECK(d.text == "Hi Ann Lee");
  REQUIRE(d.tokens.size() == 3);
  CHECK(d.tokens[1] == text::Token{"Ann", 3, 6});
  REQUIRE(d.spans.size() == 1);
  CHECK(d.spans[0] == text::Span{3, 10, "PER"});
  CHECK(d.status == text::DocStatus::Rejected);
  CHECK(d.metaJson == R"({"a":"x","b":1})");
  CHECK(d.source == "a.jsonl");
}

TEST_CASE("JSONL: status follows answer, else the presence of spans") {
  TempDir dir;
  writeFile(dir.file("s.jsonl"),
            "{\"text\":\"a\"}\n"
            "{\"text\":\"b\",\"spans\":[]}\n"
            "\n   \n"
            "{\"text\":\"c\",\"answer\":\"ignore\"}\n"
            "{\"text\":\"d\",\"spans\":[],\"answer\":\"accept\"}\n");
  auto reader = io::openReader(dir.file("s.jsonl"), io::Format::Jsonl);
  std::vector<text::DocStatus> statuses;
  text::Document d;
  while (reader->next(d)) statuses.push_back(d.status);
  CHECK(statuses ==
        std::vector<text::DocStatus>{text::DocStatus::Unlabelled, text::DocStatus::Accepted,
                                     text::DocStatus::Ignored, text::DocStatus::Accepted});
  CHECK(reader->skipped() == 2);
  CHECK(reader->line() == 6);
}

TEST_CASE("JSONL: offsets count code points and spans come back sorted") {
  TempDir dir;
  const std::string text = kEmoji + " Paris and Rome";  // Paris at 2..7, Rome at 12..16
  writeFile(
      dir.file("e.jsonl"),
      R"({"text":")" + text +
          R"(","spans":[{"start":12,"end":16,"label":"LOC"},{"start":2,"end":7,"label":"LOC"}]})" +
          "\n");
  const auto docs = readAll(dir.file("e.jsonl"), io::Format::Jsonl);
  REQUIRE(docs.size() == 1);
  CHECK(docs[0].spans == std::vector<text::Span>{{2, 7, "LOC"}, {12, 16, "LOC"}});
  const std::string out = writeAll(docs, io::Format::Jsonl);
  CHECK(out ==
        R"({"text":")" + text +
            R"(","spans":[{"start":2,"end":7,"label":"LOC"},{"start":12,"end":16,"label":"LOC"}],)"
            R"("answer":"accept"})" +
            "\n");
}

TEST_CASE("JSONL: the writer emits a fixed key order and omits what is empty") {
  text::Document d;
  d.text = "Hi Ann";
  d.tokens = {{"Hi", 0, 2}, {"Ann", 3, 6}};
  d.spans = {{3, 6, "PER"}, {0, 1, "X"}};  // the second does not end on a token
  d.status = text::DocStatus::Accepted;
  d.metaJson = R"({"z":1,"a":2})";
  CHECK(writeAll({d}, io::Format::Jsonl) ==
        R"({"text":"Hi Ann","tokens":[{"text":"Hi","start":0,"end":2,"id":0,"ws":true},)"
        R"({"text":"Ann","start":3,"end":6,"id":1,"ws":false}],"spans":[{"start":0,"end":1,)"
        R"("label":"X"},{"start":3,"end":6,"token_start":1,"token_end":1,"label":"PER"}],)"
        R"("answer":"accept","meta":{"z":1,"a":2}})"
        "\n");
  text::Document u;
  u.text = "plain";
  CHECK(writeAll({u}, io::Format::Jsonl) == "{\"text\":\"plain\"}\n");
}

TEST_CASE("JSONL: the writer refuses what the reader would refuse") {
  text::Document d;
  d.text = "Hi Ann";
  d.spans = {{3, 9, "PER"}};
  try {
    writeAll({d}, io::Format::Jsonl);
    FAIL("no WriteError");
  } catch (const io::WriteError& e) {
    CHECK(e.document() == 1);
    CHECK(e.field() == "spans[0]");
  }
  d.spans = {{0, 2, "A"}, {1, 3, "B"}};
  CHECK_THROWS_AS(writeAll({d}, io::Format::Jsonl), io::WriteError);
  d.spans.clear();
  d.metaJson = "[1]";
  CHECK_THROWS_AS(writeAll({d}, io::Format::Jsonl), io::WriteError);
  d.metaJson = "{}";
  d.text = "";
  CHECK_THROWS_AS(writeAll({d}, io::Format::Jsonl), io::WriteError);
  d.text = "ab\xFF";
  CHECK_THROWS_AS(writeAll({d}, io::Format::Jsonl), io::WriteError);
}

TEST_CASE("JSONL: bad input names file, line and field") {
  TempDir dir;
  const std::string ok = "{\"text\":\"fine\"}\n";
  const auto bad = [&](const std::string& record, const std::string& field,
                       const std::string& fragment) {
    checkBad(dir, "data.jsonl", ok + record + "\n" + ok, io::Format::Jsonl, 2, field, fragment);
  };
  bad("{\"text\":\"ab\xFF"
      "cd\"}",
      "", "invalid UTF-8 at byte column 12");
  bad(R"({"text":"abc","spans":[)", "", "invalid JSON");
  bad(R"({"text":"abc")", "", "invalid JSON");
  bad(R"([1,2])", "", "expected an object, got array");
  bad(R"({"spans":[]})", "text", "missing");
  bad(R"({"text":5})", "text", "expected a string, got number 5");
  bad(R"({"text":""})", "text", "the text is empty");
  bad(R"({"text":"  \t "})", "text", "only whitespace");
  bad(R"({"text":"abc","spans":{}})", "spans", "expected an array, got object");
  bad(R"({"text":"abc","spans":[5]})", "spans[0]", "expected an object");
  bad(R"({"text":"abc","spans":[{"end":1,"label":"X"}]})", "spans[0].start", "missing");
  bad(R"({"text":"abc","spans":[{"start":"0","end":1,"label":"X"}]})", "spans[0].start",
      "expected an integer");
  bad(R"({"text":"abc","spans":[{"start":0.5,"end":1,"label":"X"}]})", "spans[0].start",
      "expected an integer");
  bad(R"({"text":"abc","spans":[{"start":0,"end":1,"label":""}]})", "spans[0].label",
      "label is empty");
  bad(R"({"text":"abc","spans":[{"start":0,"end":1,"label":7}]})", "spans[0].label",
      "expected a string");
  bad(R"({"text":"abc","spans":[{"start":0,"end":1,"label":"X"},{"start":1,"end":80,"label":"X"}]})",
      "spans[1].end", "offset 80 is past the end of the text (3 code points)");
  bad(R"({"text":")" + kEmoji + R"(ab","spans":[{"start":0,"end":4,"label":"X"}]})", "spans[0].end",
      "offset 4 is past the end of the text (3 code points)");
  bad(R"({"text":"abc","spans":[{"start":-1,"end":1,"label":"X"}]})", "spans[0].start",
      "offset -1 is negative");
  bad(R"({"text":"abc","spans":[{"start":2,"end":2,"label":"X"}]})", "spans[0].end",
      "end 2 is not after start 2");
  bad(R"({"text":"abcdef","spans":[{"start":2,"end":5,"label":"B"},{"start":0,"end":3,"label":"A"}]})",
      "spans[0]", "2..5 'B' overlaps spans[1] (0..3 'A')");
  bad(R"({"text":"abc","answer":"maybe"})", "answer", "got \"maybe\"");
  bad(R"({"text":"abc","meta":[1]})", "meta", "expected an object");
  bad(R"({"text":"ab","tokens":[{"text":"a","start":0,"end":1},{"text":"x","start":1,"end":2}]})",
      "tokens[1].text", "'x' does not match the text at 1..2 ('b')");
  bad(R"({"text":"ab","tokens":[{"text":"b","start":1,"end":2},{"text":"a","start":0,"end":1}]})",
      "tokens[1].start", "before the previous token ends");
  bad(R"({"text":"ab","tokens":[{"text":"ab","start":0,"end":2,"ws":1}]})", "tokens[0].ws",
      "expected true or false");
  bad(R"({"text":"a b","tokens":[{"text":"a","start":0,"end":1},{"text":"b","start":2,"end":3}],)"
      R"("spans":[{"start":0,"end":3,"label":"X","token_start":1,"token_end":1}]})",
      "spans[0].token_start", "token 1 starts at 2, but the span starts at 0");
  bad(R"({"text":"a b","tokens":[{"text":"a","start":0,"end":1}],)"
      R"("spans":[{"start":0,"end":1,"label":"X","token_start":0,"token_end":3}]})",
      "spans[0].token_end", "token 3 does not exist (1 tokens)");
}

TEST_CASE("JSONL: hostile JSON is a bad record, not a crash") {
  TempDir dir;
  const std::string ok = "{\"text\":\"fine\"}\n";
  // A meta nested 70,000 deep used to overflow the stack (SIGSEGV).
  const std::string deep(70000, '[');
  checkBad(
      dir, "deep.jsonl",
      ok + R"({"text":"x","spans":[],"meta":{"a":)" + deep + std::string(70000, ']') + "}}\n" + ok,
      io::Format::Jsonl, 2, "", "nests deeper than 512 levels at byte column 546");
  // Brackets inside strings do not count.
  const std::string brackets(2000, '[');
  const auto docs = [&] {
    writeFile(dir.file("s.jsonl"), R"({"text":")" + brackets + "\"}\n");
    return readAll(dir.file("s.jsonl"), io::Format::Jsonl);
  }();
  REQUIRE(docs.size() == 1);
  CHECK(docs[0].text == brackets);
  // A number too large for a double was an internal error that --skip-invalid did not skip.
  checkBad(dir, "big.jsonl",
           ok + R"({"text":"abc","spans":[{"start":1e400,"end":3,"label":"A"}]})" + "\n",
           io::Format::Jsonl, 2, "", "number overflow parsing '1e400'");
}

TEST_CASE("JSONL: a line over maxRecordBytes is refused and skipped") {
  TempDir dir;
  io::ReaderOptions opts;
  opts.maxRecordBytes = 64;
  const std::string longLine = "{\"text\":\"" + std::string(100, 'x') + "\"}";
  checkBad(dir, "long.jsonl", "{\"text\":\"a\"}\n" + longLine + "\n{\"text\":\"b\"}\n",
           io::Format::Jsonl, 2, "", "longer than the limit of 64 bytes", opts);
}

TEST_CASE("JSONL: after a bad record the reader continues with the next one") {
  TempDir dir;
  writeFile(dir.file("m.jsonl"),
            "{\"text\":\"one\"}\n{\"text\":\"two\",\"spans\":[{\"start\":0}]}\n{\"text\":\"bad\n"
            "{\"text\":\"three\"}");  // no final newline
  auto reader = io::openReader(dir.file("m.jsonl"), io::Format::Jsonl);
  text::Document d;
  REQUIRE(reader->next(d));
  CHECK(d.text == "one");
  CHECK_THROWS_AS(reader->next(d), io::InputError);
  CHECK(reader->line() == 2);
  CHECK_THROWS_AS(reader->next(d), io::InputError);
  CHECK(reader->line() == 3);
  REQUIRE(reader->next(d));
  CHECK(d.text == "three");
  CHECK(reader->line() == 4);
  CHECK_FALSE(reader->next(d));
}
