// ProjectStore's writes across repositories: each is one transaction, so a
// refused one leaves the project exactly as it was.
#include "store/projectstore.h"
#include "store/storeerror.h"
#include "storetest.h"
#include "tempdir.h"

#include "catchapi.h"

#include <optional>
#include <string>
#include <vector>

using namespace spanforge;
using spanforge::testing::makeDoc;
using spanforge::testing::TempDir;
using store::ProjectStore;
using store::StoreError;
using text::ScoredSpan;
using text::Span;

namespace {

int64_t addNamedModel(ProjectStore& p, const std::string& name) {
  store::ModelRecord m;
  m.name = name;
  return p.runs().addModel(m);
}

std::vector<Span> gold(ProjectStore& p, int64_t id) { return p.documents().get(id)->doc.spans; }

std::vector<Span> spansOf(const std::vector<ScoredSpan>& scored) {
  std::vector<Span> out;
  for (const ScoredSpan& s : scored) out.push_back(s.span);
  return out;
}

}  // namespace

TEST_CASE("setSpansAndPredictions moves an accepted suggestion into gold") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("PER");
  p->labels().add("LOC");
  const auto doc = p->documents().add(makeDoc("Ada met Bob in Rome")).id;
  const auto model = addNamedModel(*p, "m");
  p->predictions().set(doc, model, {{{0, 3, "PER"}, 0.9}, {{15, 19, "LOC"}, 0.6}});

  p->setSpansAndPredictions(doc, std::vector<Span>{{0, 3, "PER"}}, model, {{{15, 19, "LOC"}, 0.6}});
  CHECK(gold(*p, doc) == std::vector<Span>{{0, 3, "PER"}});
  CHECK(spansOf(p->predictions().get(doc, model)) == std::vector<Span>{{15, 19, "LOC"}});

  // Without gold (a rejection) only the predictions change.
  p->setSpansAndPredictions(doc, std::nullopt, model, {});
  CHECK(gold(*p, doc) == std::vector<Span>{{0, 3, "PER"}});
  CHECK(p->predictions().get(doc, model).empty());
  CHECK(p->predictions().predicted(doc, model));
  CHECK(p->db().depth() == 0);
}

TEST_CASE("setSpansAndPredictions writes nothing when either part is refused") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("PER");
  p->labels().add("LOC");
  const auto doc = p->documents().add(makeDoc("Ada met Bob in Rome", {{8, 11, "PER"}})).id;
  const auto model = addNamedModel(*p, "m");
  const std::vector<ScoredSpan> before{{{0, 3, "PER"}, 0.9}, {{15, 19, "LOC"}, 0.6}};
  p->predictions().set(doc, model, before);

  // Valid gold, then predictions the store refuses: the gold is not kept.
  CHECK_THROWS_WITH(p->setSpansAndPredictions(doc, std::vector<Span>{{0, 3, "PER"}, {8, 11, "PER"}},
                                              model, {{{15, 19, "MISC"}, 0.6}}),
                    ContainsSubstring("Unknown label \"MISC\""));
  CHECK(gold(*p, doc) == std::vector<Span>{{8, 11, "PER"}});
  CHECK(spansOf(p->predictions().get(doc, model)) == spansOf(before));

  // Gold the store refuses (overlapping spans): the predictions stay.
  CHECK_THROWS_AS(
      p->setSpansAndPredictions(doc, std::vector<Span>{{0, 3, "PER"}, {1, 5, "LOC"}}, model, {}),
      StoreError);
  CHECK(gold(*p, doc) == std::vector<Span>{{8, 11, "PER"}});
  CHECK(spansOf(p->predictions().get(doc, model)) == spansOf(before));

  // A model that does not exist.
  CHECK_THROWS_AS(p->setSpansAndPredictions(doc, std::vector<Span>{}, model + 100, {}), StoreError);
  CHECK(gold(*p, doc) == std::vector<Span>{{8, 11, "PER"}});
  CHECK(p->db().depth() == 0);
}

TEST_CASE("removeLabel returns what it deleted and restoreLabel puts it back") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  const auto per = p->labels().add("PER", "#e6194b", "p");
  p->labels().add("LOC");
  const auto a =
      p->documents()
          .add(makeDoc("Ada met Bob in Rome", {{0, 3, "PER"}, {8, 11, "PER"}, {15, 19, "LOC"}}))
          .id;
  const auto b = p->documents().add(makeDoc("Rome is far", {{0, 4, "LOC"}})).id;
  const auto c = p->documents().add(makeDoc("Cy stayed", {{0, 2, "PER"}})).id;
  const auto model = addNamedModel(*p, "m");
  p->predictions().set(b, model, {{{8, 11, "PER"}, 0.5}});

  const ProjectStore::RemovedLabel removed = p->removeLabel("PER");
  CHECK(removed.label.id == per.id);
  CHECK(removed.label.color == "#e6194b");
  CHECK(removed.label.hotkey == "p");
  CHECK(removed.spanCount == 3);
  REQUIRE(removed.spans.size() == 2);  // only the documents that had PER spans
  CHECK(removed.spans[0].first == a);
  CHECK(removed.spans[0].second == std::vector<Span>{{0, 3, "PER"}, {8, 11, "PER"}});
  CHECK(removed.spans[1].first == c);
  CHECK(removed.spans[1].second == std::vector<Span>{{0, 2, "PER"}});
  CHECK_FALSE(p->labels().find("PER"));
  CHECK(gold(*p, a) == std::vector<Span>{{15, 19, "LOC"}});
  CHECK(gold(*p, c).empty());
  CHECK(p->predictions().get(b, model).empty());  // predictions go with the label

  const store::Label again = p->restoreLabel(removed);
  CHECK(again.name == "PER");
  CHECK(again.color == "#e6194b");
  CHECK(again.hotkey == "p");
  CHECK(p->labels().find("PER")->hotkey == "p");
  CHECK(gold(*p, a) == std::vector<Span>{{0, 3, "PER"}, {8, 11, "PER"}, {15, 19, "LOC"}});
  CHECK(gold(*p, b) == std::vector<Span>{{0, 4, "LOC"}});
  CHECK(gold(*p, c) == std::vector<Span>{{0, 2, "PER"}});
  CHECK(p->predictions().get(b, model).empty());  // not restored
  CHECK(p->documents().spanCountByLabel().at("PER") == 3);
  CHECK(p->db().depth() == 0);
}

TEST_CASE("removeLabel of a label that does not exist changes nothing") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("PER");
  const auto doc = p->documents().add(makeDoc("Ada", {{0, 3, "PER"}})).id;
  CHECK_THROWS_WITH(p->removeLabel("ORG"), ContainsSubstring("no label named \"ORG\""));
  CHECK(p->labels().all().size() == 1);
  CHECK(gold(*p, doc) == std::vector<Span>{{0, 3, "PER"}});
  CHECK(p->db().depth() == 0);
}

TEST_CASE("restoreLabel keeps an empty hotkey empty and skips deleted documents") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  const auto per = p->labels().add("PER");
  p->labels().setHotkey(per.id, "");
  const auto a = p->documents().add(makeDoc("Ada", {{0, 3, "PER"}})).id;
  const auto b = p->documents().add(makeDoc("Bob", {{0, 3, "PER"}})).id;
  const auto removed = p->removeLabel("PER");
  p->db().exec("DELETE FROM documents WHERE id = " + std::to_string(a));

  const store::Label again = p->restoreLabel(removed);
  CHECK(again.hotkey.empty());
  CHECK(p->labels().find("PER")->hotkey.empty());
  CHECK_FALSE(p->documents().get(a));
  CHECK(gold(*p, b) == std::vector<Span>{{0, 3, "PER"}});
}

TEST_CASE("a restoreLabel that fails half-way leaves nothing half-written") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  p->labels().add("PER", "", "p");
  p->labels().add("LOC");
  const auto a = p->documents().add(makeDoc("Ada met Bob", {{0, 3, "PER"}})).id;
  const auto b = p->documents().add(makeDoc("Cy in Rome", {{0, 2, "PER"}})).id;
  const auto removed = p->removeLabel("PER");

  SECTION("a document gained an overlapping span since") {
    // Document a is restored first, then b is refused: a must not keep PER.
    p->documents().setSpans(b, {{0, 5, "LOC"}});
    CHECK_THROWS_AS(p->restoreLabel(removed), StoreError);
    CHECK(gold(*p, b) == std::vector<Span>{{0, 5, "LOC"}});
  }
  SECTION("another label took the hotkey since") {
    p->labels().add("ORG", "", "p");
    CHECK_THROWS_WITH(p->restoreLabel(removed), ContainsSubstring("already used"));
    CHECK(gold(*p, b).empty());
  }
  CHECK_FALSE(p->labels().find("PER"));
  CHECK(gold(*p, a).empty());
  CHECK(p->documents().spanCountByLabel().count("PER") == 0);
  CHECK(p->db().depth() == 0);
  // The project is still usable: the same restore works once the clash is gone.
  if (p->labels().find("ORG")) p->labels().remove(p->labels().find("ORG")->id);
  p->documents().setSpans(b, {});
  p->restoreLabel(removed);
  CHECK(gold(*p, a) == std::vector<Span>{{0, 3, "PER"}});
  CHECK(gold(*p, b) == std::vector<Span>{{0, 2, "PER"}});
}
