// Pattern files and term lists as people bring them, and faults refused with
// file, line and the field that is wrong.
#include "catchapi.h"
#include "io/inputerror.h"
#include "patterns/patternreader.h"
#include "tempdir.h"

#include <fstream>

using namespace spanforge;
using patterns::PatternReader;
using spanforge::testing::TempDir;

namespace {

using spanforge::testing::write;

std::string faultOf(const std::string& line) {
  try {
    PatternReader::parseLine(line, "p.jsonl", 3);
  } catch (const io::InputError& e) {
    return e.what();
  }
  return "accepted";
}

}  // namespace

TEST_CASE("A patterns file holds phrase and token patterns, with ids") {
  TempDir dir;
  const auto path = write(dir, "p.jsonl",
                          "{\"label\": \"ORG\", \"pattern\": \"Apple Inc.\"}\n\n"
                          "{\"label\": \"GPE\", \"pattern\": [{\"LOWER\": \"san\"}, "
                          "{\"LOWER\": \"francisco\"}], \"id\": \"sf\"}\r\n");
  const auto set = PatternReader::readPatterns(path, "p");
  REQUIRE(set.patterns.size() == 2);
  CHECK(set.patterns[0].phrase == std::vector<std::string>{"Apple", "Inc."});
  CHECK(set.patterns[0].line == 1);
  CHECK(set.patterns[1].tokens.size() == 2);
  CHECK(set.patterns[1].id == "sf");
  CHECK(set.patterns[1].line == 3);
  CHECK(set.patterns[1].source.back() == '}');  // the line as written, without its CR
}

TEST_CASE("A fault in a pattern names the file, line and field") {
  CHECK_THAT(faultOf(R"({"pattern": "x"})"), ContainsSubstring("p.jsonl:3: label"));
  CHECK_THAT(faultOf(R"({"label": "X", "pattern": [{"LOWR": "x"}]})"),
             ContainsSubstring("p.jsonl:3: pattern[0].LOWR: unknown token attribute"));
  CHECK_THAT(faultOf(R"({"label": "X", "pattern": [{"POS": "NOUN"}]})"),
             ContainsSubstring("part-of-speech tagger"));
  CHECK_THAT(faultOf(R"({"label": "X", "pattern": [{"LOWER": {"IN": ["a", 3]}}]})"),
             ContainsSubstring("pattern[0].LOWER.IN[1]: expected a string"));
  CHECK_THAT(faultOf(R"({"label": "X", "pattern": [{"TEXT": {"REGEX": "(a)\\1"}}]})"),
             ContainsSubstring("RE2 cannot compile"));
  CHECK_THAT(faultOf(R"({"label": "X", "pattern": [{"LENGTH": {">": "3"}}]})"),
             ContainsSubstring("expected a number"));
  CHECK_THAT(faultOf(R"({"label": "X", "pattern": [{"ORTH": "a", "OP": "++"}]})"),
             ContainsSubstring("unknown OP"));
  CHECK_THAT(faultOf(R"({"label": "X", "pattern": [{"IS_ALPHA": "yes"}]})"),
             ContainsSubstring("expected true or false"));
  CHECK_THAT(faultOf(R"({"label": "X", "pattern": []})"), ContainsSubstring("at least one token"));
  CHECK_THAT(faultOf(R"({"label": "X", "pattern": "  "})"), ContainsSubstring("has no words"));
  CHECK_THAT(faultOf(R"({"label": "X", "pattern": "a"})"), ContainsSubstring("accepted"));
  CHECK_THAT(faultOf("{\"label\": \"X\""), ContainsSubstring("p.jsonl:3"));
}

TEST_CASE("A bad line refuses the whole file") {
  TempDir dir;
  const auto path = write(dir, "p.jsonl",
                          "{\"label\": \"A\", \"pattern\": \"a\"}\n"
                          "{\"label\": \"B\", \"pattern\": [{\"SHAPE\": 4}]}\n");
  CHECK_THROWS_WITH(PatternReader::readPatterns(path, "p"),
                    ContainsSubstring("p.jsonl:2: pattern[0].SHAPE: expected a string"));
}

TEST_CASE("A term list: a term a line, duplicates once, blank lines skipped") {
  TempDir dir;
  const auto path = write(dir, "orgs.txt", "Apple\n  Banco Santander \n\nApple\n#hashtag\n");
  const auto set = PatternReader::readTerms(path, "orgs", "ORG", true);
  REQUIRE(set.patterns.size() == 3);
  CHECK(set.kind == patterns::PatternSet::Kind::Terms);
  CHECK(set.phraseAttribute == patterns::PhraseAttribute::Lower);
  CHECK(set.patterns[1].phrase == std::vector<std::string>{"Banco", "Santander"});
  CHECK(set.patterns[1].line == 2);
  CHECK(set.patterns[2].phraseText == "#hashtag");
  CHECK(set.patterns[2].label == "ORG");
  const auto bad = write(dir, "bad.txt", "ok\n\xff\xfe\n");
  CHECK_THROWS_WITH(PatternReader::readTerms(bad, "bad", "ORG", false),
                    ContainsSubstring("bad.txt:2: invalid UTF-8"));
}
