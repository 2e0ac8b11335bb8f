// A project's pattern sets: import (whole or not at all), apply over the
// unlabelled pool keeping what people accepted or rejected, export as imported.
#include "adddocument.h"
#include "catchapi.h"
#include "io/inputerror.h"
#include "project/patternlibrary.h"
#include "store/projectstore.h"
#include "store/storeerror.h"
#include "tempdir.h"

#include <fstream>
#include <sstream>

using namespace spanforge;
using project::PatternImport;
using project::PatternLibrary;
using spanforge::testing::addDocument;
using spanforge::testing::TempDir;

namespace {

using spanforge::testing::write;

}  // namespace

TEST_CASE("Imported patterns match the unlabelled pool, accepted and rejected matches stay") {
  TempDir dir;
  auto p = store::ProjectStore::create(dir.file("p.sfproj"));
  const int64_t a = addDocument(*p, "Ada Lovelace met Charles Babbage in London.");
  const int64_t b = addDocument(*p, "London calling, said ada lovelace.");
  addDocument(*p, "Ada Lovelace, already labelled.", text::DocStatus::Accepted);
  PatternLibrary library(*p);
  const auto set = library.import(
      {write(dir, "p.jsonl",
             "{\"label\": \"PER\", \"pattern\": [{\"IS_TITLE\": true}, {\"IS_TITLE\": true}]}\n"
             "{\"label\": \"GPE\", \"pattern\": \"London\"}\n"),
       "", false, "", false});
  CHECK(set.name == "p.jsonl");
  CHECK(set.patterns == 2);
  CHECK(p->labels().find("PER"));  // labels the project lacked are added
  library.import({write(dir, "people.txt", "ada lovelace\n"), "people", true, "PER", true});

  auto r = library.apply();
  CHECK(r.documents == 2);
  const auto inA = p->patterns().matches(a);
  REQUIRE(inA.size() == 3);  // Ada Lovelace, Charles Babbage (title pairs), London
  CHECK(inA[0].span == text::Span{0, 12, "PER"});
  CHECK(inA[2].span == text::Span{36, 42, "GPE"});
  REQUIRE(p->patterns().matches(b).size() == 2);  // London, and the case-folded term

  CHECK(p->patterns().setState(inA[0], store::MatchState::Accepted));
  CHECK(p->patterns().setState(inA[1], store::MatchState::Rejected));
  r = library.apply();  // again: the decided ones stay decided, none is opened again
  const auto again = p->patterns().matches(a);
  REQUIRE(again.size() == 3);
  CHECK(again[0].state == store::MatchState::Accepted);
  CHECK(again[1].state == store::MatchState::Rejected);
  CHECK(again[2].state == store::MatchState::Open);
  const auto counts = p->patterns().counts(set.id);
  REQUIRE(counts.size() == 2);
  CHECK(counts[0].matches == 2);
  CHECK(counts[0].accepted == 1);
  CHECK(counts[0].rejected == 1);

  p->patterns().setEnabled(set.id, false);
  CHECK(p->patterns().matches(a).empty());
  library.apply();
  CHECK(p->patterns().matches(b).size() == 1);  // only the term list is on
}

TEST_CASE("A pattern file with a fault, or a bad label, stores nothing") {
  TempDir dir;
  auto p = store::ProjectStore::create(dir.file("p.sfproj"));
  PatternLibrary library(*p);
  CHECK_THROWS_WITH(library.import({write(dir, "bad.jsonl",
                                          "{\"label\": \"A\", \"pattern\": \"a\"}\n"
                                          "{\"label\": \"B\", \"pattern\": [{\"TEXT\": 1}]}\n"),
                                    "", false, "", false}),
                    ContainsSubstring("bad.jsonl:2: pattern[0].TEXT: expected a string"));
  CHECK_THROWS_WITH(
      library.import({write(dir, "l.jsonl", "{\"label\": \" A\", \"pattern\": \"a\"}\n"), "", false,
                      "", false}),
      ContainsSubstring("l.jsonl:1: label"));
  CHECK(p->patterns().sets().empty());
  CHECK(p->labels().all().empty());
  library.import({write(dir, "ok.txt", "x\n"), "terms", true, "T", false});
  CHECK_THROWS_AS(library.import({dir.file("ok.txt"), "terms", true, "T", false}),
                  store::StoreError);
  CHECK_THROWS_WITH(library.setNamed("nope"), ContainsSubstring("it has: terms"));
}

TEST_CASE("A set exports as it was imported, a term list also as patterns JSONL") {
  TempDir dir;
  auto p = store::ProjectStore::create(dir.file("p.sfproj"));
  PatternLibrary library(*p);
  const std::string lines =
      "{\"label\": \"GPE\", \"pattern\": \"New York\", \"id\": \"ny\"}\n"
      "{\"label\":\"X\",\"pattern\":[{\"lower\":\"a\",\"OP\":\"+\"}]}\n";
  library.import({write(dir, "p.jsonl", "\n" + lines), "p", false, "", false});
  std::ostringstream out;
  library.exportSet("p", out);
  CHECK(out.str() == lines);
  library.import({write(dir, "t.txt", "Acme Corp\n\"Quoted\"\n"), "t", true, "ORG", false});
  std::ostringstream asPatterns;
  library.exportSet("t", asPatterns, true);
  CHECK(asPatterns.str() ==
        "{\"label\":\"ORG\",\"pattern\":\"Acme "
        "Corp\"}\n{\"label\":\"ORG\",\"pattern\":\"\\\"Quoted\\\"\"}\n");
}
