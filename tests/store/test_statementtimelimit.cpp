// Issue #31: a progress handler bounds the time of any one SQLite call a file
// could make slow; the bound is per connection.
#include "store/database.h"
#include "store/projectstore.h"
#include "store/storeerror.h"
#include "tempdir.h"

#include "catchapi.h"

#include <chrono>
#include <thread>

using namespace spanforge;
using spanforge::testing::TempDir;
using store::Database;
using store::StorageError;
using namespace std::chrono_literals;

namespace {

// Never ends on its own.
const char* kEndless =
    "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c";

}  // namespace

TEST_CASE("a statement past the connection's time limit is interrupted with a message") {
  TempDir dir;
  Database db(dir.file("t.db"));
  db.setStatementTimeLimit(200ms);
  SECTION("through a prepared statement") {
    auto st = db.prepare(kEndless);
    CHECK_THROWS_WITH(st.step(), ContainsSubstring("took longer than 0.2 s") &&
                                     ContainsSubstring("damaged or crafted"));
  }
  SECTION("through exec") {
    try {
      db.exec(kEndless);
      FAIL("not interrupted");
    } catch (const StorageError& e) {
      CHECK(e.code() == 9);  // SQLITE_INTERRUPT
      CHECK_THAT(e.what(), ContainsSubstring(dir.file("t.db")));
    }
  }
  // The connection is usable afterwards.
  db.exec("CREATE TABLE ok (x); INSERT INTO ok VALUES (1)");
  auto st = db.prepare("SELECT count(*) FROM ok");
  REQUIRE(st.step());
  CHECK(st.columnInt(0) == 1);
}

TEST_CASE("the limit counts time inside SQLite, not the caller's time between rows") {
  TempDir dir;
  Database db(dir.file("t.db"));
  db.exec("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2), (3)");
  db.setStatementTimeLimit(50ms);
  auto st = db.prepare("SELECT x FROM t ORDER BY x");
  int rows = 0;
  while (st.step()) {
    ++rows;
    std::this_thread::sleep_for(120ms);  // a slow consumer (writing an export)
  }
  CHECK(rows == 3);
}

TEST_CASE(
    "without a limit (the default) nothing is interrupted, and a project's limit is its own") {
  TempDir dir;
  Database db(dir.file("t.db"));
  CHECK(db.statementTimeLimit().count() == 0);
  // A long, finite statement.
  db.exec(
      "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 300000) "
      "SELECT count(*) FROM c");
  auto p = store::ProjectStore::create(dir.file("p.sfproj"));
  p->setStatementTimeLimit(100ms);
  CHECK(p->db().statementTimeLimit() == 100ms);
  CHECK_THROWS_WITH(p->db().exec(kEndless), ContainsSubstring("took longer than 0.1 s"));
  {
    store::StatementTimeLimit scoped(p->db(), 0ms);
    CHECK(p->db().statementTimeLimit().count() == 0);
  }
  CHECK(p->db().statementTimeLimit() == 100ms);
}
