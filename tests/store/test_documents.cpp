#include "store/projectstore.h"
#include "store/storeerror.h"
#include "storetest.h"
#include "tempdir.h"

#include "catchapi.h"

using namespace spanforge;
using spanforge::testing::makeDoc;
using spanforge::testing::TempDir;
using store::ProjectStore;
using store::StoreError;
using text::DocStatus;

namespace {

std::unique_ptr<ProjectStore> projectWithLabels(const TempDir& dir) {
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("PER");
  p->labels().add("LOC");
  return p;
}

}  // namespace

TEST_CASE("a document round-trips with tokens, sorted spans and metadata") {
  TempDir dir;
  auto p = projectWithLabels(dir);
  // "Zoë 😀 visited Köln" - two- and four-byte characters before the spans.
  const std::string t = "Zo\xC3\xAB \xF0\x9F\x98\x80 visited K\xC3\xB6ln";
  auto d = makeDoc(t, {{14, 18, "LOC"}, {0, 3, "PER"}}, DocStatus::Accepted);
  d.tokens = testing::spaceTokens(t);
  d.source = "tweets.jsonl";
  d.metaJson = R"({"id": 42})";
  const auto added = p->documents().add(d, store::Split::Dev, "alice");
  CHECK_FALSE(added.duplicate);

  const auto got = p->documents().get(added.id);
  REQUIRE(got);
  CHECK(got->id == added.id);
  CHECK(got->doc.text == t);
  REQUIRE(got->doc.tokens.size() == 4);
  CHECK(got->doc.tokens[1] == text::Token{"\xF0\x9F\x98\x80", 4, 5});
  CHECK(got->doc.tokens[3] == text::Token{"K\xC3\xB6ln", 14, 18});
  CHECK(got->doc.spans ==
        std::vector<text::Span>{{0, 3, "PER"}, {14, 18, "LOC"}});  // sorted on store
  CHECK(got->doc.status == DocStatus::Accepted);
  CHECK(got->doc.source == "tweets.jsonl");
  CHECK(got->doc.metaJson == R"({"id": 42})");
  CHECK(got->doc.predictions.empty());
  CHECK(got->split == store::Split::Dev);
  CHECK(got->annotator == "alice");
  CHECK(got->contentHash.size() == 32);
  CHECK(got->createdAt > 1600000000);
  CHECK(got->updatedAt >= got->createdAt);
  CHECK_FALSE(p->documents().get(added.id + 1));

  const auto page = p->documents().page({}, 0, 10);
  REQUIRE(page.size() == 1);
  CHECK(page[0].length == 18);
  CHECK(page[0].spanCount == 2);
  CHECK(page[0].snippet == t);
}

TEST_CASE("a document added twice is stored once") {
  TempDir dir;
  auto p = projectWithLabels(dir);
  const auto first = p->documents().add(makeDoc("Same text"));
  const auto second = p->documents().add(makeDoc("Same text", {{0, 4, "PER"}}));
  CHECK(second.duplicate);
  CHECK(second.id == first.id);
  CHECK(p->documents().count({}) == 1);
  CHECK(p->documents().get(first.id)->doc.spans.empty());  // the duplicate wrote nothing
  CHECK(p->documents().containsText("Same text"));
  CHECK_FALSE(p->documents().containsText("same text"));
  CHECK_FALSE(p->documents().add(makeDoc("Same text ")).duplicate);
}

TEST_CASE("spans are validated against the text and the labels") {
  TempDir dir;
  auto p = projectWithLabels(dir);
  const std::string t = "\xF0\x9F\x98\x80 Ada";  // 5 code points, 8 bytes
  CHECK_NOTHROW(p->documents().add(makeDoc(t, {{2, 5, "PER"}})));

  CHECK_THROWS_WITH(p->documents().add(makeDoc("Ada Lovelace", {{4, 13, "PER"}})),
                    ContainsSubstring("[4, 13)") && ContainsSubstring("outside the text") &&
                        ContainsSubstring("Ada Lovelace"));
  CHECK_THROWS_WITH(p->documents().add(makeDoc(t + "!", {{2, 8, "PER"}})),
                    ContainsSubstring("[2, 8)"));  // 8 is a byte count, not code points
  CHECK_THROWS_AS(p->documents().add(makeDoc("Ada Lovelace", {{-1, 3, "PER"}})), StoreError);
  CHECK_THROWS_AS(p->documents().add(makeDoc("Ada Lovelace", {{3, 3, "PER"}})), StoreError);
  CHECK_THROWS_WITH(
      p->documents().add(makeDoc("Ada Lovelace", {{4, 12, "PER"}, {0, 5, "LOC"}})),
      ContainsSubstring("[0, 5)") && ContainsSubstring("[4, 12)") && ContainsSubstring("overlap"));
  CHECK_THROWS_WITH(p->documents().add(makeDoc("Ada Lovelace", {{0, 3, "ORG"}})),
                    ContainsSubstring("Unknown label \"ORG\"") && ContainsSubstring("[0, 3)"));
  CHECK_THROWS_AS(p->documents().add(makeDoc("Ada Lovelace", {{0, 3, "PER"}, {0, 3, "PER"}})),
                  StoreError);
  CHECK(p->documents().count({}) == 1);
  CHECK_FALSE(p->documents().containsText("Ada Lovelace"));
}

TEST_CASE("text, metadata and tokens are validated") {
  TempDir dir;
  auto p = projectWithLabels(dir);
  CHECK_THROWS_WITH(p->documents().add(makeDoc("")), ContainsSubstring("empty"));
  CHECK_THROWS_WITH(p->documents().add(makeDoc("bad \xC3 byte")), ContainsSubstring("UTF-8"));
  auto d = makeDoc("meta test");
  d.metaJson = "[1, 2]";
  CHECK_THROWS_WITH(p->documents().add(d), ContainsSubstring("JSON object"));
  d.metaJson = "";
  CHECK_NOTHROW(p->documents().add(d));
  CHECK(p->documents().get(1)->doc.metaJson == "{}");
  auto t = makeDoc("two words");
  t.tokens = {{"two", 0, 3}, {"words", 4, 10}};
  CHECK_THROWS_WITH(p->documents().add(t), ContainsSubstring("Token 1"));
  t.tokens = {{"words", 4, 9}, {"two", 0, 3}};
  CHECK_THROWS_AS(p->documents().add(t), StoreError);
}

TEST_CASE("setSpans replaces gold spans and validates like add") {
  TempDir dir;
  auto p = projectWithLabels(dir);
  const auto id = p->documents().add(makeDoc("Ada met Bob", {{0, 3, "PER"}})).id;
  p->documents().setSpans(id, {{8, 11, "PER"}, {0, 3, "LOC"}});
  CHECK(p->documents().get(id)->doc.spans ==
        std::vector<text::Span>{{0, 3, "LOC"}, {8, 11, "PER"}});
  CHECK_THROWS_WITH(
      p->documents().setSpans(id, {{0, 3, "PER"}, {2, 5, "LOC"}}),
      ContainsSubstring("document " + std::to_string(id)) && ContainsSubstring("overlap"));
  CHECK_THROWS_WITH(p->documents().setSpans(id, {{0, 3, "MISC"}}), ContainsSubstring("MISC"));
  CHECK_THROWS_AS(p->documents().setSpans(id, {{8, 12, "PER"}}), StoreError);
  CHECK(p->documents().get(id)->doc.spans.size() == 2);  // unchanged after errors
  CHECK_THROWS_AS(p->documents().setSpans(id + 100, {}), StoreError);
  p->documents().setSpans(id, {});
  CHECK(p->documents().get(id)->doc.spans.empty());
}

TEST_CASE("status, tokens and counts") {
  TempDir dir;
  auto p = projectWithLabels(dir);
  for (int i = 0; i < 10; ++i) p->documents().add(makeDoc("text " + std::to_string(i)));
  p->documents().setStatus(1, DocStatus::Accepted, "bob");
  p->documents().setStatus(2, DocStatus::Accepted);
  p->documents().setStatus(3, DocStatus::Rejected);
  p->documents().setStatus(3, DocStatus::Ignored);
  p->documents().setStatus(4, DocStatus::Unlabelled);
  CHECK_THROWS_AS(p->documents().setStatus(99, DocStatus::Accepted), StoreError);
  const auto counts = p->documents().countByStatus();
  CHECK(counts.at(DocStatus::Unlabelled) == 7);
  CHECK(counts.at(DocStatus::Accepted) == 2);
  CHECK(counts.at(DocStatus::Rejected) == 0);
  CHECK(counts.at(DocStatus::Ignored) == 1);
  store::DocumentFilter accepted;
  accepted.status = DocStatus::Accepted;
  CHECK(p->documents().count(accepted) == 2);
  CHECK(p->documents().count({}) == 10);
  CHECK(p->documents().get(1)->annotator == "bob");
  p->documents().setStatus(1, DocStatus::Rejected);  // empty annotator keeps the old one
  CHECK(p->documents().get(1)->annotator == "bob");

  p->documents().setTokens(5, testing::spaceTokens("text 4"));
  CHECK(p->documents().get(5)->doc.tokens.size() == 2);
  CHECK(p->documents().get(5)->doc.tokens[1].text == "4");
  CHECK_THROWS_AS(p->documents().setTokens(5, {{"x", 0, 99}}), StoreError);
  p->documents().setTokens(5, {});
  CHECK(p->documents().get(5)->doc.tokens.empty());

  p->documents().setSpans(6, {{0, 4, "PER"}});
  p->documents().setSpans(7, {{0, 4, "PER"}, {5, 6, "LOC"}});
  const auto byLabel = p->documents().spanCountByLabel();
  CHECK(byLabel.at("PER") == 2);
  CHECK(byLabel.at("LOC") == 1);
}

TEST_CASE("forEach streams every matching document in id order") {
  TempDir dir;
  auto p = projectWithLabels(dir);
  {
    store::Transaction tx(p->db());
    for (int i = 0; i < 2345; ++i) {
      std::vector<text::Span> spans;
      if (i % 3 == 0) spans.push_back({0, 3, "PER"});
      p->documents().add(makeDoc("doc " + std::to_string(i), spans,
                                 i % 2 ? DocStatus::Accepted : DocStatus::Unlabelled));
    }
    tx.commit();
  }
  int64_t n = 0, last = 0;
  p->documents().forEach({}, [&](const store::StoredDocument& d) {
    CHECK(d.id > last);
    last = d.id;
    ++n;
  });
  CHECK(n == 2345);

  store::DocumentFilter f;
  f.label = "PER";
  f.status = DocStatus::Accepted;
  n = 0;
  p->documents().forEach(f, [&](const store::StoredDocument& d) {
    CHECK(d.doc.spans.size() == 1);
    CHECK(d.doc.status == DocStatus::Accepted);
    ++n;
  });
  CHECK(n == p->documents().count(f));
  CHECK(n == 391);  // i % 6 == 3

  // The callback may write through the same project.
  p->documents().forEach(f, [&](const store::StoredDocument& d) {
    p->documents().setStatus(d.id, DocStatus::Rejected);
  });
  CHECK(p->documents().count(f) == 0);
  CHECK(p->documents().countByStatus().at(DocStatus::Rejected) == 391);
}
