#include "store/projectstore.h"
#include "store/storeerror.h"
#include "storetest.h"
#include "tempdir.h"

#include "catchapi.h"

#include <cmath>

using namespace spanforge;
using spanforge::testing::makeDoc;
using spanforge::testing::TempDir;
using store::ProjectStore;
using store::StoreError;

namespace {

int64_t addModel(ProjectStore& p, const std::string& name) {
  store::ModelRecord m;
  m.name = name;
  return p.runs().addModel(m);
}

}  // namespace

TEST_CASE("predictions are stored apart from gold spans") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("PER");
  p->labels().add("LOC");
  const auto doc = p->documents().add(makeDoc("Ada met Bob in Rome", {{0, 3, "PER"}})).id;
  const auto m1 = addModel(*p, "m1");
  const auto m2 = addModel(*p, "m2");

  // Overlapping alternatives are fine for predictions.
  p->predictions().set(doc, m1,
                       {{{15, 19, "LOC"}, 0.75}, {{8, 11, "PER"}, 0.5}, {{8, 11, "LOC"}, 0.25}});
  p->predictions().set(doc, m2, {{{0, 3, "PER"}, 0.99}});

  const auto gold = p->documents().get(doc);
  CHECK(gold->doc.spans == std::vector<text::Span>{{0, 3, "PER"}});
  CHECK(gold->doc.predictions.empty());
  CHECK(p->documents().spanCountByLabel().at("LOC") == 0);
  store::DocumentFilter byLoc;
  byLoc.label = "LOC";
  CHECK(p->documents().count(byLoc) == 0);  // label filters look at gold only

  const auto preds = p->predictions().get(doc, m1);
  REQUIRE(preds.size() == 3);
  CHECK(preds[0].span == text::Span{8, 11, "LOC"});
  CHECK(preds[0].score == 0.25);
  CHECK(preds[1].span == text::Span{8, 11, "PER"});
  CHECK(preds[2].span == text::Span{15, 19, "LOC"});
  CHECK(p->predictions().get(doc, m2).size() == 1);

  // set() replaces one model's predictions for one document.
  p->predictions().set(doc, m1, {{{15, 19, "LOC"}, 0.6}, {{15, 19, "LOC"}, 0.9}});
  const auto replaced = p->predictions().get(doc, m1);
  REQUIRE(replaced.size() == 1);
  CHECK(replaced[0].score == 0.9);  // the same span twice keeps the higher score

  p->predictions().clearModel(m1);
  CHECK(p->predictions().get(doc, m1).empty());
  CHECK(p->predictions().get(doc, m2).size() == 1);
  CHECK(p->documents().get(doc)->doc.spans.size() == 1);
}

TEST_CASE("predictions are validated") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("PER");
  const auto doc = p->documents().add(makeDoc("Ada")).id;
  const auto m = addModel(*p, "m");
  CHECK_THROWS_WITH(p->predictions().set(doc, m, {{{0, 3, "ORG"}, 0.5}}), ContainsSubstring("ORG"));
  CHECK_THROWS_AS(p->predictions().set(doc, m, {{{0, 4, "PER"}, 0.5}}), StoreError);
  CHECK_THROWS_AS(p->predictions().set(doc, m, {{{0, 3, "PER"}, std::nan("")}}), StoreError);
  CHECK_THROWS_AS(p->predictions().set(doc + 1, m, {}), StoreError);
  CHECK_THROWS_AS(p->predictions().set(doc, m + 1, {}), StoreError);
  // A refused set() leaves the previous predictions.
  p->predictions().set(doc, m, {{{0, 3, "PER"}, 0.5}});
  CHECK_THROWS_AS(p->predictions().set(doc, m, {{{0, 3, "PER"}, 0.7}, {{0, 3, "ORG"}, 0.5}}),
                  StoreError);
  REQUIRE(p->predictions().get(doc, m).size() == 1);
  CHECK(p->predictions().get(doc, m)[0].score == 0.5);
}

TEST_CASE("the store remembers that a model predicted a document") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("PER");
  const auto doc = p->documents().add(makeDoc("Ada met Bob")).id;
  const auto other = p->documents().add(makeDoc("Nobody here")).id;
  const auto m1 = addModel(*p, "m1");
  const auto m2 = addModel(*p, "m2");
  CHECK_FALSE(p->predictions().predicted(doc, m1));

  p->predictions().set(doc, m1, {{{0, 3, "PER"}, 0.5}});
  p->predictions().set(other, m1, {});  // predicted, found nothing
  CHECK(p->predictions().predicted(doc, m1));
  CHECK(p->predictions().predicted(other, m1));
  CHECK_FALSE(p->predictions().predicted(doc, m2));

  // All rejected: no predictions left, but not "never predicted".
  p->predictions().set(doc, m1, {});
  CHECK(p->predictions().get(doc, m1).empty());
  CHECK(p->predictions().predicted(doc, m1));

  // Deleting the document or the model removes the record.
  p->db().exec("DELETE FROM documents WHERE id = " + std::to_string(other));
  CHECK_FALSE(p->predictions().predicted(other, m1));
  p->db().exec("DELETE FROM models WHERE id = " + std::to_string(m1));
  CHECK_FALSE(p->predictions().predicted(doc, m1));
}

// Issue #66: a person's rejection of a span holds whoever suggests it again.
TEST_CASE("rejected spans are kept per document and label, with the write they belong to") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("PER");
  p->labels().add("LOC");
  const auto doc = p->documents().add(makeDoc("Ada met Bob in Rome", {{0, 3, "PER"}})).id;
  p->decisions().reject(doc, {8, 11, "PER"});
  p->decisions().reject(doc, {8, 11, "PER"});   // once
  p->decisions().reject(doc, {8, 11, "NONE"});  // a label the project lacks: nothing to reject
  CHECK(p->decisions().rejected(doc) == std::vector<text::Span>{{8, 11, "PER"}});
  p->decisions().unreject(doc, {8, 11, "PER"});
  CHECK(p->decisions().rejected(doc).empty());

  // With the gold write it belongs to, in one transaction: a refused write
  // (overlapping gold) records no decision either.
  const std::vector<text::Span> overlapping{{0, 3, "PER"}, {1, 4, "LOC"}};
  CHECK_THROWS_AS(p->setSpansAndPredictions(doc, overlapping, 0, {}, {}, {{{15, 19, "LOC"}}, true}),
                  StoreError);
  CHECK(p->decisions().rejected(doc).empty());
  p->setSpansAndPredictions(doc, std::vector<text::Span>{}, 0, {}, {}, {{{0, 3, "PER"}}, true});
  CHECK(p->decisions().rejected(doc) == std::vector<text::Span>{{0, 3, "PER"}});
  // Renaming the label keeps the decision; deleting the document drops it.
  p->labels().rename(p->labels().find("PER")->id, "Person");
  CHECK(p->decisions().rejected(doc) == std::vector<text::Span>{{0, 3, "Person"}});
  p->db().exec("DELETE FROM documents WHERE id = " + std::to_string(doc));
  CHECK(p->decisions().rejected(doc).empty());
}
