#include "store/database.h"
#include "store/storeerror.h"
#include "tempdir.h"

#include "catchapi.h"

#include <filesystem>

using spanforge::store::Database;
using spanforge::store::Statement;
using spanforge::store::StoreError;
using spanforge::testing::TempDir;

TEST_CASE("Statement binds and reads every value type") {
  TempDir dir;
  Database db(dir.file("s.db"));
  db.exec("CREATE TABLE t (i INTEGER, r REAL, s TEXT, b BLOB)");
  Statement ins = db.prepare("INSERT INTO t VALUES (?, ?, ?, ?)");
  ins.bind(1, int64_t{1} << 40);
  ins.bind(2, 2.5);
  ins.bind(3, std::string("caf\xC3\xA9"));
  ins.bind(4, std::vector<uint8_t>{0, 1, 255});
  CHECK_FALSE(ins.step());
  ins.reset();
  ins.bind(1, nullptr);
  ins.bind(2, nullptr);
  ins.bind(3, std::string());
  ins.bind(4, std::vector<uint8_t>{});
  ins.step();

  Statement sel = db.prepare("SELECT i, r, s, b, typeof(s), typeof(b) FROM t ORDER BY rowid");
  REQUIRE(sel.step());
  CHECK(sel.columnCount() == 6);
  CHECK(sel.columnInt64(0) == int64_t{1} << 40);
  CHECK(sel.columnDouble(1) == 2.5);
  CHECK(sel.columnText(2) == "caf\xC3\xA9");
  CHECK(sel.columnBlob(3) == std::vector<uint8_t>{0, 1, 255});
  REQUIRE(sel.step());
  CHECK(sel.isNull(0));
  CHECK(sel.isNull(1));
  CHECK(sel.columnText(4) == "text");  // '' stays text, not NULL
  CHECK(sel.columnText(5) == "blob");
  CHECK(sel.columnBlob(3).empty());
  CHECK_FALSE(sel.step());
}

TEST_CASE("Statement errors name the file and SQLite's reason") {
  TempDir dir;
  Database db(dir.file("s.db"));
  db.exec("CREATE TABLE t (x INTEGER NOT NULL UNIQUE)");
  try {
    db.prepare("SELEKT 1");
    FAIL("prepare should throw");
  } catch (const StoreError& e) {
    CHECK_THAT(e.what(), ContainsSubstring("s.db") && ContainsSubstring("syntax error"));
  }
  db.exec("INSERT INTO t VALUES (1)");
  Statement st = db.prepare("INSERT INTO t VALUES (?)");
  st.bind(1, 1);
  CHECK_THROWS_WITH(st.step(), ContainsSubstring("UNIQUE constraint failed"));
  // After a failed step the statement is reusable.
  st.reset();
  st.bind(1, 2);
  CHECK_NOTHROW(st.step());
}

TEST_CASE("Statement moves and named parameters") {
  TempDir dir;
  Database db(dir.file("s.db"));
  Statement a = db.prepare("SELECT :x + 1");
  Statement b = std::move(a);
  CHECK(a.handle() == nullptr);
  CHECK(b.parameterIndex(":x") == 1);
  CHECK(b.parameterIndex(":missing") == 0);
  b.bind(b.parameterIndex(":x"), 41);
  REQUIRE(b.step());
  CHECK(b.columnInt(0) == 42);
}

TEST_CASE("Database::cached reuses one statement and resets it") {
  TempDir dir;
  Database db(dir.file("s.db"));
  Statement& a = db.cached("SELECT ?1 * 2");
  a.bind(1, 21);
  REQUIRE(a.step());
  CHECK(a.columnInt(0) == 42);
  Statement& b = db.cached("SELECT ?1 * 2");
  CHECK(&a == &b);
  REQUIRE(b.step());  // bindings were cleared: NULL * 2
  CHECK(b.isNull(0));
}

TEST_CASE("Database opens existing files only when asked to") {
  TempDir dir;
  const auto path = dir.file("none.db");
  CHECK_THROWS_WITH(Database(path, Database::OpenMode::ExistingOnly), ContainsSubstring(path));
  CHECK_FALSE(std::filesystem::exists(path));
  { Database created(path); }
  CHECK_NOTHROW(Database(path, Database::OpenMode::ExistingOnly));
}
