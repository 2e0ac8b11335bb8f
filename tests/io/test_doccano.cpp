#include "io/writeerror.h"
#include "iotest.h"

using namespace spanforge;
using spanforge::testing::checkBad;
using spanforge::testing::readAll;
using spanforge::testing::TempDir;
using spanforge::testing::writeAll;
using spanforge::testing::writeFile;

TEST_CASE("doccano: label triples become spans, other keys metadata") {
  TempDir dir;
  writeFile(
      dir.file("d.jsonl"),
      "{\"id\":3,\"text\":\"\xC3\x89mile lives in Lyon\",\"label\":[[15,19,\"LOC\"],[0,5,\"PER\"]],"
      "\"Comments\":[]}\n"
      "{\"text\":\"no labels here\"}\n"
      "{\"text\":\"old key\",\"labels\":[[0,3,\"X\"]]}\n");
  const auto docs = readAll(dir.file("d.jsonl"), io::Format::Doccano);
  REQUIRE(docs.size() == 3);
  CHECK(docs[0].spans == std::vector<text::Span>{{0, 5, "PER"}, {15, 19, "LOC"}});
  CHECK(docs[0].status == text::DocStatus::Accepted);
  CHECK(docs[0].metaJson == R"({"Comments":[],"id":3})");
  CHECK(docs[1].status == text::DocStatus::Unlabelled);
  CHECK(docs[1].metaJson == "{}");
  CHECK(docs[2].spans == std::vector<text::Span>{{0, 3, "X"}});
  CHECK(writeAll(docs, io::Format::Doccano) ==
        "{\"text\":\"\xC3\x89mile lives in Lyon\",\"label\":[[0,5,\"PER\"],[15,19,\"LOC\"]],"
        "\"Comments\":[],\"id\":3}\n"
        "{\"text\":\"no labels here\"}\n"
        "{\"text\":\"old key\",\"label\":[[0,3,\"X\"]]}\n");
}

TEST_CASE("doccano: a metadata key that clashes with a doccano field is refused") {
  text::Document d;
  d.text = "abc";
  d.metaJson = R"({"label":"x"})";
  CHECK_THROWS_AS(writeAll({d}, io::Format::Doccano), io::WriteError);
}

TEST_CASE("doccano: bad input names file, line and field") {
  TempDir dir;
  const std::string ok = "{\"text\":\"fine\",\"label\":[]}\n";
  const auto bad = [&](const std::string& record, const std::string& field,
                       const std::string& fragment) {
    checkBad(dir, "dc.jsonl", ok + ok + record + "\n", io::Format::Doccano, 3, field, fragment);
  };
  bad("{\"text\":\"\xC3(\"}", "", "invalid UTF-8 at byte column 10");
  bad(R"({"text":"abc","label":[[0,1,"X"])", "", "invalid JSON");
  bad(R"({"label":[]})", "text", "missing");
  bad(R"({"text":""})", "text", "empty");
  bad(R"({"text":"abc","label":"X"})", "label", "expected an array");
  bad(R"({"text":"abc","label":[[0,1]]})", "label[0]", "expected [start, end, \"LABEL\"]");
  bad(R"({"text":"abc","label":[{"start":0}]})", "label[0]", "expected [start, end, \"LABEL\"]");
  bad(R"({"text":"abc","label":[[0,1,"X"],["0",1,"X"]]})", "label[1][0]", "expected an integer");
  bad(R"({"text":"abc","label":[[0,1,5]]})", "label[0][2]", "expected a string");
  bad(R"({"text":"abc","label":[[0,9,"X"]]})", "label[0][1]",
      "offset 9 is past the end of the text (3 code points)");
  bad(R"({"text":"abc","label":[[2,1,"X"]]})", "label[0][1]", "end 1 is not after start 2");
  bad(R"({"text":"abc","labels":[[0,2,"X"],[1,3,"Y"]]})", "labels[1]", "overlaps labels[0]");
  bad(R"({"text":"abc","label":[],"labels":[]})", "labels", "both");
}
