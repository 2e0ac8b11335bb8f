#include "store/projectstore.h"
#include "store/storeerror.h"
#include "storetest.h"
#include "tempdir.h"

#include "catchapi.h"

#include <stdexcept>

using namespace spanforge;
using spanforge::testing::makeDoc;
using spanforge::testing::TempDir;
using store::ProjectStore;
using store::StoreError;
using store::Transaction;

namespace {

store::DocumentFilter searchFor(const std::string& s) {
  store::DocumentFilter f;
  f.search = s;
  return f;
}

}  // namespace

TEST_CASE("an exception inside an outer transaction leaves nothing behind") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  try {
    Transaction tx(p->db());
    p->labels().add("PER");
    for (int i = 0; i < 50; ++i) {
      p->documents().add(makeDoc("Document number " + std::to_string(i), {{0, 8, "PER"}}));
    }
    CHECK(p->documents().count({}) == 50);  // visible inside the transaction
    throw std::runtime_error("import cancelled");
  } catch (const std::runtime_error&) {
  }
  CHECK(p->db().depth() == 0);
  CHECK(p->labels().all().empty());
  CHECK(p->documents().count({}) == 0);
  CHECK(p->documents().countByStatus().at(text::DocStatus::Unlabelled) == 0);
  CHECK(p->documents().count(searchFor("number")) == 0);
  // The file is still usable and the search index consistent.
  p->documents().add(makeDoc("Document number 1"));
  CHECK(p->documents().count(searchFor("number")) == 1);
  CHECK_NOTHROW(
      p->db().exec("INSERT INTO documents_fts(documents_fts) VALUES ('integrity-check')"));
}

TEST_CASE("a failed inner transaction rolls back only its own work") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  {
    Transaction outer(p->db());
    p->documents().add(makeDoc("kept one"));
    try {
      Transaction inner(p->db());
      CHECK(p->db().depth() == 2);
      p->documents().add(makeDoc("dropped one"));
      throw std::runtime_error("bad record");
    } catch (const std::runtime_error&) {
    }
    // A refused add() (validation error) is its own savepoint too.
    CHECK_THROWS_AS(p->documents().add(makeDoc("has an unknown label", {{0, 3, "NOPE"}})),
                    StoreError);
    p->documents().add(makeDoc("kept two"));
    outer.commit();
  }
  CHECK(p->db().depth() == 0);
  CHECK(p->documents().count({}) == 2);
  CHECK(p->documents().containsText("kept one"));
  CHECK(p->documents().containsText("kept two"));
  CHECK_FALSE(p->documents().containsText("dropped one"));
  CHECK_FALSE(p->documents().containsText("has an unknown label"));
  CHECK(p->documents().count(searchFor("kept")) == 2);
  CHECK(p->documents().count(searchFor("dropped")) == 0);
}

TEST_CASE("a committed inner transaction still rolls back with its outer one") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  {
    Transaction outer(p->db());
    {
      Transaction inner(p->db());
      p->documents().add(makeDoc("inner text"));
      inner.commit();
    }
    CHECK(p->db().depth() == 1);
  }
  CHECK(p->documents().count({}) == 0);
}

TEST_CASE("search inside an open transaction sees the texts added in it") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  Transaction tx(p->db());
  p->documents().add(makeDoc("Grace Hopper found a moth."));
  CHECK(p->documents().count(searchFor("hopper")) == 1);
  CHECK(p->documents().page(searchFor("moth"), 0, 10).size() == 1);
  p->documents().add(makeDoc("Another moth appeared."));
  CHECK(p->documents().count(searchFor("moth")) == 2);
  tx.commit();
  CHECK(p->documents().count(searchFor("moth")) == 2);
}

TEST_CASE("search index follows deleted and edited texts") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  const auto a = p->documents().add(makeDoc("alpha bravo charlie")).id;
  const auto b = p->documents().add(makeDoc("delta echo foxtrot")).id;
  {
    // There is no delete or edit API yet; the triggers must still keep the
    // index right, whether or not the text was already indexed.
    Transaction tx(p->db());
    p->documents().add(makeDoc("golf hotel india"));
    p->db().exec("DELETE FROM documents WHERE id = " + std::to_string(a));
    p->db().exec("UPDATE documents SET text = 'delta echo kilo' WHERE id = " + std::to_string(b));
    p->db().exec("DELETE FROM documents WHERE text = 'golf hotel india'");
    tx.commit();
  }
  CHECK(p->documents().count(searchFor("bravo")) == 0);
  CHECK(p->documents().count(searchFor("foxtrot")) == 0);
  CHECK(p->documents().count(searchFor("kilo")) == 1);
  CHECK(p->documents().count(searchFor("hotel")) == 0);
  CHECK(p->documents().count({}) == 1);
  CHECK_NOTHROW(
      p->db().exec("INSERT INTO documents_fts(documents_fts) VALUES ('integrity-check')"));
}
