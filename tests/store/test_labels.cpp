#include "store/projectstore.h"
#include "store/storeerror.h"
#include "storetest.h"
#include "tempdir.h"

#include "catchapi.h"

#include <set>

using namespace spanforge;
using spanforge::testing::makeDoc;
using spanforge::testing::TempDir;
using store::ProjectStore;
using store::StoreError;

TEST_CASE("new labels get distinct palette colours and the next free hotkey") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  std::set<std::string> colors;
  for (int i = 0; i < 12; ++i) {
    const auto l = p->labels().add("L" + std::to_string(i));
    CHECK(l.id > 0);
    CHECK(l.color.size() == 7);
    CHECK(l.color[0] == '#');
    colors.insert(l.color);
  }
  CHECK(colors.size() == 12);
  const auto all = p->labels().all();
  REQUIRE(all.size() == 12);
  CHECK(all[0].hotkey == "1");
  CHECK(all[8].hotkey == "9");
  CHECK(all[9].hotkey == "a");
  CHECK(all[11].hotkey == "c");
  // Past the palette, colours cycle rather than fail.
  CHECK_FALSE(p->labels().add("L12").color.empty());
  // A freed hotkey and colour are handed out again first.
  p->labels().remove(all[1].id);
  const auto again = p->labels().add("again");
  CHECK(again.hotkey == "2");
  CHECK(again.color == all[1].color);
}

TEST_CASE("label add validates name, colour and hotkey") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  const auto per = p->labels().add("PER", "#FF0000", "P");
  CHECK(per.color == "#ff0000");
  CHECK(per.hotkey == "p");
  CHECK(p->labels().find("PER")->color == "#ff0000");
  CHECK(p->labels().get(per.id)->name == "PER");
  CHECK_FALSE(p->labels().find("per"));  // names are case-sensitive
  CHECK_THROWS_WITH(p->labels().add("PER"), ContainsSubstring("\"PER\" already exists"));
  CHECK_THROWS_AS(p->labels().add(""), StoreError);
  CHECK_THROWS_AS(p->labels().add(" LOC"), StoreError);
  CHECK_THROWS_WITH(p->labels().add("LOC", "red"), ContainsSubstring("#rrggbb"));
  CHECK_THROWS_WITH(p->labels().add("LOC", "", "p"), ContainsSubstring("already used"));
  CHECK_THROWS_AS(p->labels().add("LOC", "", "!"), StoreError);
  CHECK_THROWS_AS(p->labels().add("LOC", "", "ab"), StoreError);
  CHECK(p->labels().all().size() == 1);
}

TEST_CASE("rename, recolour and re-key a label") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  const auto per = p->labels().add("PER");
  const auto loc = p->labels().add("LOC");
  const auto id = p->documents().add(makeDoc("Ada in London", {{0, 3, "PER"}})).id;

  p->labels().rename(per.id, "PERSON");
  CHECK(p->documents().get(id)->doc.spans[0].label == "PERSON");
  CHECK_FALSE(p->labels().find("PER"));
  CHECK_THROWS_WITH(p->labels().rename(per.id, "LOC"), ContainsSubstring("already exists"));
  CHECK_NOTHROW(p->labels().rename(per.id, "PERSON"));  // same name: no-op
  CHECK_THROWS_AS(p->labels().rename(999, "X"), StoreError);

  p->labels().setColor(loc.id, "#123ABC");
  CHECK(p->labels().get(loc.id)->color == "#123abc");
  CHECK_THROWS_AS(p->labels().setColor(loc.id, "#12345"), StoreError);
  CHECK_THROWS_AS(p->labels().setColor(999, "#123456"), StoreError);

  CHECK_THROWS_WITH(p->labels().setHotkey(loc.id, per.hotkey), ContainsSubstring("PERSON"));
  p->labels().setHotkey(loc.id, "z");
  CHECK(p->labels().get(loc.id)->hotkey == "z");
  p->labels().setHotkey(loc.id, "");
  p->labels().setHotkey(per.id, "");  // two labels without a hotkey are fine
  CHECK(p->labels().get(loc.id)->hotkey.empty());
}

TEST_CASE("removing a label deletes its gold spans and predictions only") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  const auto per = p->labels().add("PER");
  p->labels().add("LOC");
  const auto d1 =
      p->documents()
          .add(makeDoc("Ada met Bob in Rome", {{0, 3, "PER"}, {8, 11, "PER"}, {15, 19, "LOC"}},
                       text::DocStatus::Accepted))
          .id;
  const auto d2 = p->documents().add(makeDoc("Cy left", {{0, 2, "PER"}})).id;
  store::ModelRecord m;
  m.name = "m";
  const auto model = p->runs().addModel(m);
  p->predictions().set(d1, model, {{{0, 3, "PER"}, 0.9}, {{15, 19, "LOC"}, 0.8}});

  CHECK(p->labels().spanCount(per.id) == 3);
  CHECK(p->labels().remove(per.id) == 3);
  CHECK_FALSE(p->labels().get(per.id));
  const auto doc1 = p->documents().get(d1);
  REQUIRE(doc1->doc.spans.size() == 1);
  CHECK(doc1->doc.spans[0].label == "LOC");
  CHECK(doc1->doc.status == text::DocStatus::Accepted);
  CHECK(p->documents().get(d2)->doc.spans.empty());
  const auto preds = p->predictions().get(d1, model);
  REQUIRE(preds.size() == 1);
  CHECK(preds[0].span.label == "LOC");
  CHECK(p->documents().spanCountByLabel() == std::map<std::string, int64_t>{{"LOC", 1}});
  CHECK_THROWS_AS(p->labels().remove(per.id), StoreError);
}
