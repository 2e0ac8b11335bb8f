#include "io/writeerror.h"
#include "iotest.h"

#include <nlohmann/json.hpp>

using namespace spanforge;
using spanforge::testing::checkBad;
using spanforge::testing::readAll;
using spanforge::testing::TempDir;
using spanforge::testing::writeAll;
using spanforge::testing::writeFile;

namespace {

// "I ❤ 😀 Paris!": ❤ is one UTF-16 unit, 😀 two. Paris is code points 6..11,
// UTF-16 units 7..12.
const std::string kText = "I \xE2\x9D\xA4 \xF0\x9F\x98\x80 Paris!";

std::string task(const std::string& text, const std::string& result,
                 const std::string& extra = "") {
  return R"({"id":1,"data":{"text":")" + text + R"("},"annotations":[{"result":[)" + result +
         "]}]" + extra + "}";
}

std::string label(int start, int end, const std::string& l, const std::string& text = "") {
  std::string value =
      R"({"value":{"start":)" + std::to_string(start) + R"(,"end":)" + std::to_string(end);
  if (!text.empty()) value += R"(,"text":")" + text + "\"";
  return value + R"(,"labels":[")" + l +
         R"("]},"from_name":"label","to_name":"text","type":"labels"})";
}

}  // namespace

TEST_CASE("Label Studio: UTF-16 offsets convert both ways around an emoji") {
  text::Document d;
  d.text = kText;
  d.spans = {{6, 11, "LOC"}};
  d.status = text::DocStatus::Accepted;
  d.predictions = {{"m1", {{{6, 11, "LOC"}, 0.25}}}};
  const std::string out = writeAll({d}, io::Format::LabelStudio);
  const std::string result = R"({"value":{"start":7,"end":12,"text":"Paris","labels":["LOC"]},)"
                             R"("from_name":"label","to_name":"text","type":"labels")";
  CHECK(out == "[\n{\"id\":1,\"data\":{\"text\":\"" + kText + "\"},\"annotations\":[{\"result\":[" +
                   result + "}]}],\"predictions\":[{\"model_version\":\"m1\",\"result\":[" +
                   result + ",\"score\":0.25}]}]}\n]\n");

  TempDir dir;
  writeFile(dir.file("ls.json"), out);
  const auto back = readAll(dir.file("ls.json"), io::Format::LabelStudio);
  REQUIRE(back.size() == 1);
  CHECK(back[0].text == kText);
  CHECK(back[0].spans == d.spans);
  CHECK(back[0].status == text::DocStatus::Accepted);
  REQUIRE(back[0].predictions.size() == 1);
  CHECK(back[0].predictions[0].spans[0].span == d.spans[0]);
  CHECK(back[0].source == "ls.json");
}

TEST_CASE("Label Studio: the last annotation not cancelled is gold") {
  TempDir dir;
  writeFile(
      dir.file("a.json"),
      std::string("[") + R"({"data":{"text":"Ann and Bob"},"annotations":[{"result":[)" +
          label(0, 3, "PER") + R"(]},{"result":[)" + label(8, 11, "PER", "Bob") +
          R"(]},{"was_cancelled":true,"result":[]}]},)" +
          R"({"data":{"text":"skipped"},"annotations":[{"was_cancelled":true,"result":[]}]},)" +
          R"({"data":{"text":"new","extra":1}},)" +
          R"({"data":{"text":"other types"},"annotations":[{"result":[)" +
          R"({"type":"choices","value":{"choices":["x"]}},)" + label(0, 5, "X") + "]}]," +
          R"("predictions":[{"model_version":"v2","score":0.5,"result":[)" + label(6, 11, "Y") +
          "]}]}]");
  const auto docs = readAll(dir.file("a.json"), io::Format::LabelStudio);
  REQUIRE(docs.size() == 4);
  CHECK(docs[0].spans == std::vector<text::Span>{{8, 11, "PER"}});
  CHECK(docs[0].status == text::DocStatus::Accepted);
  CHECK(docs[1].status == text::DocStatus::Unlabelled);
  CHECK(docs[2].status == text::DocStatus::Unlabelled);
  CHECK(docs[3].spans == std::vector<text::Span>{{0, 5, "X"}});
  REQUIRE(docs[3].predictions.size() == 1);
  CHECK(docs[3].predictions[0].model == "v2");
  CHECK(docs[3].predictions[0].spans[0].score == 0.5);  // the prediction's score
}

TEST_CASE("Label Studio: a pretty-printed array with brackets inside strings") {
  TempDir dir;
  nlohmann::json tasks = nlohmann::json::array();
  tasks.push_back({{"data", {{"text", "a \"]}{[ b"}}}});
  tasks.push_back({{"data", {{"text", "x, y] \\ z"}}}});
  writeFile(dir.file("p.json"), tasks.dump(2));
  auto reader = io::openReader(dir.file("p.json"), io::Format::Auto);
  text::Document d;
  REQUIRE(reader->next(d));
  CHECK(d.text == "a \"]}{[ b");
  CHECK(reader->line() == 2);
  REQUIRE(reader->next(d));
  CHECK(d.text == "x, y] \\ z");
  CHECK(reader->line() == 7);
  CHECK_FALSE(reader->next(d));
  CHECK_FALSE(reader->next(d));
}

TEST_CASE("Label Studio: bad tasks name the line where the task starts and the field") {
  TempDir dir;
  const std::string ok = R"({"data":{"text":"fine"}})";
  const auto bad = [&](const std::string& t, const std::string& field,
                       const std::string& fragment) {
    // The bad task is the second of the array: every field path starts "[1]".
    checkBad(dir, "tasks.json", "[\n" + ok + ",\n" + t + ",\n" + ok + "\n]\n",
             io::Format::LabelStudio, 3, field.empty() ? "[1]" : "[1]." + field, fragment);
  };
  bad(task(kText, label(5, 12, "LOC")), "annotations[0].result[0].value.start",
      "offset 5 falls inside a surrogate pair");
  bad(task(kText, label(7, 14, "LOC")), "annotations[0].result[0].value.end",
      "offset 14 is past the end of the text (13 UTF-16 code units)");
  bad(task(kText, label(7, 12, "LOC", "Pari")), "annotations[0].result[0].value.text",
      "'Pari' does not match the text at those offsets ('Paris')");
  bad(task(kText, label(12, 7, "LOC")), "annotations[0].result[0].value.end",
      "end 7 is not after start 12");
  bad(task(kText, label(-1, 7, "LOC")), "annotations[0].result[0].value.start", "negative");
  bad(task(kText, label(0, 3, "A") + "," + label(2, 4, "B")), "annotations[0].result[1]",
      "overlaps annotations[0].result[0]");
  bad(task(kText, R"({"value":{"start":0,"end":1,"labels":["A","B"]},"type":"labels"})"),
      "annotations[0].result[0].value.labels", "expected exactly one label, got 2");
  bad(task(kText, R"({"value":{"start":0,"end":1,"labels":[""]}})"),
      "annotations[0].result[0].value.labels[0]", "label is empty");
  bad(task(kText, R"({"type":"labels"})"), "annotations[0].result[0].value", "missing");
  bad(R"({"data":{"text":"x"},"annotations":[{"result":[]},{"was_cancelled":false}]})",
      "annotations[1].result", "missing");
  bad(R"({"data":{"text":"x"},"annotations":{}})", "annotations", "expected an array");
  bad(R"({"data":{"text":"x"},"predictions":[{"result":[{"value":{"start":0,"end":1,)"
      R"("labels":["A"]},"score":"high"}]}]})",
      "predictions[0].result[0].score", "expected a number");
  bad(R"({"data":{"text":"x"},"predictions":[{"model_version":3,"result":[]}]})",
      "predictions[0].model_version", "expected a string");
  bad(R"({"data":{"txt":"x"}})", "data.text", "missing");
  bad(R"({"data":{"text":""}})", "data.text", "empty");
  bad(R"({"text":"x"})", "data", "missing");
  bad(R"({"data":{"text":"x"},"meta":5})", "meta", "expected an object");
  bad("42", "", "expected an object, got number 42");
  bad(R"({"data":{"text":"x"}, "id": tru})", "", "invalid JSON");
}

TEST_CASE("Label Studio: errors inside a multi-line task name the line of the problem") {
  TempDir dir;
  checkBad(dir, "u.json", "[\n  {\"data\": {\n    \"text\": \"ab\xFF\"\n  }}\n]\n",
           io::Format::LabelStudio, 3, "[0]", "invalid UTF-8 at byte column 16");
  checkBad(dir, "s.json", "[\n  {\"data\": {\n    \"text\": \"ab\" \"c\"\n  }}\n]\n",
           io::Format::LabelStudio, 3, "[0]", "invalid JSON");
}

TEST_CASE("Label Studio: tasks of a one-line file are told apart by their index") {
  TempDir dir;
  const std::string ok = R"({"data":{"text":"fine"}})";
  checkBad(dir, "one.json", "[" + ok + "," + ok + "," + task(kText, label(7, 14, "LOC")) + "]",
           io::Format::LabelStudio, 1, "[2].annotations[0].result[0].value.end", "past the end");
}

TEST_CASE("Label Studio: the scanner recovers from bad elements or stops cleanly") {
  TempDir dir;
  const std::string ok = R"({"data":{"text":"fine"}})";
  const auto lines = [&](const std::string& content) {
    writeFile(dir.file("x.json"), content);
    auto reader = io::openReader(dir.file("x.json"), io::Format::LabelStudio);
    std::vector<std::string> events;
    text::Document d;
    for (int guard = 0; guard < 20; ++guard) {
      try {
        if (!reader->next(d)) break;
        events.push_back("doc");
      } catch (const io::InputError& e) {
        events.push_back(std::to_string(e.line()) + ": " + e.message());
      }
    }
    return events;
  };
  using V = std::vector<std::string>;
  CHECK(lines("[]") == V{});
  CHECK(lines("\xEF\xBB\xBF [ ]\n") == V{});
  CHECK(lines("") == V{"1: the file is empty; expected a JSON array of tasks"});
  CHECK(lines(ok) == V{"1: expected a JSON array of tasks starting with '[', got '{'"});
  CHECK(lines("[\n" + ok + ",\n" + ok) ==
        V{"doc", "doc", "3: the file ends before the closing ']' of the task array (truncated?)"});
  CHECK(lines("[\n" + ok + ",\n{\"data\":{\"text\":\"cut") ==
        V{"doc", "3: the file ends inside this task (truncated JSON?)"});
  CHECK(lines("[\n" + ok + "\n" + ok + "\n]") ==
        V{"doc", "3: expected ',' or ']' after the task starting at line 2, got '{'", "doc"});
  CHECK(lines("[" + ok + ",,\n" + ok + "]") ==
        V{"doc", "1: an empty element between two commas", "doc"});
  CHECK(lines("[" + ok + ",\n]") == V{"doc", "2: a ',' before the closing ']' (trailing comma)"});
  CHECK(lines("[" + ok + "]\n]") == V{"doc", "2: unexpected ']' after the closing ']'"});
  CHECK(lines("[1, \"s\" ,\n" + ok + "]") ==
        V{"1: expected an object, got number 1", "1: expected an object, got string \"s\"", "doc"});

  io::ReaderOptions opts;
  opts.maxRecordBytes = 100;
  writeFile(dir.file("big.json"),
            "[" + ok + ",\n" + task(std::string(200, 'x'), label(0, 1, "A")) + ",\n" + ok + "]");
  auto reader = io::openReader(dir.file("big.json"), io::Format::LabelStudio, opts);
  text::Document d;
  REQUIRE(reader->next(d));
  try {
    reader->next(d);
    FAIL("no InputError");
  } catch (const io::InputError& e) {
    CHECK(e.line() == 2);
    CHECK(e.message() == "the task is longer than the limit of 100 bytes");
  }
  REQUIRE(reader->next(d));
  CHECK(d.text == "fine");
  CHECK_FALSE(reader->next(d));
}

TEST_CASE("Label Studio: rejected and ignored documents become cancelled annotations") {
  text::Document d;
  d.text = "abc";
  d.status = text::DocStatus::Ignored;
  CHECK(writeAll({d}, io::Format::LabelStudio) ==
        "[\n{\"id\":1,\"data\":{\"text\":\"abc\"},\"annotations\":[{\"result\":[],"
        "\"was_cancelled\":true}],\"predictions\":[]}\n]\n");
  CHECK(writeAll({}, io::Format::LabelStudio) == "[\n]\n");
  d.predictions = {{"m", {{{0, 9, "X"}, 0.5}}}};
  try {
    writeAll({d}, io::Format::LabelStudio);
    FAIL("no WriteError");
  } catch (const io::WriteError& e) {
    CHECK(e.field() == "predictions[0].spans[0]");
  }
}
