#include "store/migrations.h"
#include "store/projectstore.h"
#include "store/storeerror.h"
#include "storetest.h"
#include "tempdir.h"

#include "catchapi.h"

#include <filesystem>
#include <fstream>
#include <sstream>

using namespace spanforge;
using spanforge::testing::TempDir;
using store::Database;
using store::Migrations;
using store::ProjectStore;
using store::StoreError;

namespace {

int64_t pragma(Database& db, const std::string& name) {
  auto st = db.prepare("PRAGMA " + name);
  REQUIRE(st.step());
  return st.columnInt64(0);
}

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

TEST_CASE("create makes a project that open reads back") {
  TempDir dir;
  const auto path = dir.file("p.sfproj");
  {
    auto p = ProjectStore::create(path);
    CHECK(p->path() == path);
    CHECK(p->schemaVersion() == Migrations::latestVersion());
    p->labels().add("PER");
    p->documents().add(testing::makeDoc("Ada Lovelace wrote notes.", {{0, 12, "PER"}}));
  }
  auto p = ProjectStore::open(path);
  CHECK(p->schemaVersion() == Migrations::latestVersion());
  REQUIRE(p->labels().all().size() == 1);
  auto d = p->documents().get(1);
  REQUIRE(d);
  CHECK(d->doc.spans.at(0).label == "PER");
}

TEST_CASE("create refuses an existing file and a missing folder") {
  TempDir dir;
  const auto path = dir.file("p.sfproj");
  ProjectStore::create(path);
  CHECK_THROWS_WITH(ProjectStore::create(path),
                    ContainsSubstring(path) && ContainsSubstring("already exists"));
  const auto nowhere = dir.file("no/such/dir/p.sfproj");
  CHECK_THROWS_WITH(ProjectStore::create(nowhere), ContainsSubstring(nowhere));
  CHECK_FALSE(std::filesystem::exists(nowhere));
}

TEST_CASE("open refuses a missing file or a folder, naming it") {
  TempDir dir;
  const auto path = dir.file("missing.sfproj");
  CHECK_THROWS_AS(ProjectStore::open(path), StoreError);
  CHECK_THROWS_WITH(ProjectStore::open(path),
                    ContainsSubstring(path) && ContainsSubstring("not exist"));
  CHECK_FALSE(std::filesystem::exists(path));  // opening never creates it
  CHECK_THROWS_WITH(ProjectStore::open(dir.path().string()), ContainsSubstring("folder"));
}

TEST_CASE("open refuses a file that is not a SQLite database and leaves it alone") {
  TempDir dir;
  const auto path = dir.file("notes.sfproj");
  const std::string content(5000, 'x');
  std::ofstream(path, std::ios::binary) << content;
  CHECK_THROWS_WITH(ProjectStore::open(path),
                    ContainsSubstring(path) && ContainsSubstring("not a SQLite database"));
  CHECK(readAll(path) == content);
}

TEST_CASE("open refuses a SQLite database that is not a project and leaves it alone") {
  TempDir dir;
  const auto path = dir.file("other.db");
  {
    Database db(path);
    db.exec("CREATE TABLE recipes (name TEXT); INSERT INTO recipes VALUES ('soup')");
  }
  CHECK_THROWS_WITH(ProjectStore::open(path),
                    ContainsSubstring(path) && ContainsSubstring("not a Spanforge project"));
  Database db(path);
  CHECK(db.journalMode() == "delete");  // not switched to WAL
  CHECK(pragma(db, "user_version") == 0);

  // Same with a foreign application_id on an otherwise empty file.
  const auto path2 = dir.file("other2.db");
  {
    Database db2(path2);
    db2.exec("PRAGMA application_id = 1234; CREATE TABLE t(x); DROP TABLE t;");
  }
  CHECK_THROWS_WITH(ProjectStore::open(path2), ContainsSubstring("not a Spanforge project"));
}

TEST_CASE("open refuses a project written by a newer version") {
  TempDir dir;
  const auto path = dir.file("future.sfproj");
  ProjectStore::create(path);
  {
    Database db(path);
    db.setUserVersion(Migrations::latestVersion() + 1);
  }
  CHECK_THROWS_WITH(ProjectStore::open(path),
                    ContainsSubstring(path) && ContainsSubstring("newer"));
  Database db(path);
  CHECK(db.userVersion() == Migrations::latestVersion() + 1);  // untouched
}

TEST_CASE("a project connection runs in WAL mode with foreign keys on") {
  TempDir dir;
  auto p = ProjectStore::create(dir.file("p.sfproj"));
  auto& db = p->db();
  CHECK(db.journalMode() == "wal");
  CHECK(pragma(db, "foreign_keys") == 1);
  CHECK(pragma(db, "synchronous") == 1);  // NORMAL
  CHECK(pragma(db, "busy_timeout") >= 1000);
  CHECK(pragma(db, "application_id") == Migrations::kApplicationId);

  // Foreign keys are enforced, not just declared.
  CHECK_THROWS_WITH(db.exec("INSERT INTO spans(document_id, start, \"end\", label_id)"
                            " VALUES (999, 0, 1, 999)"),
                    ContainsSubstring("FOREIGN KEY"));

  // Re-opening keeps WAL (it is stored in the file).
  p.reset();
  auto q = ProjectStore::open(dir.file("p.sfproj"));
  CHECK(q->db().journalMode() == "wal");
  CHECK(pragma(q->db(), "foreign_keys") == 1);
}

TEST_CASE("Split names round-trip") {
  using store::Split;
  for (Split s : {Split::None, Split::Train, Split::Dev, Split::Test}) {
    CHECK(store::parseSplit(store::toString(s)) == s);
  }
  CHECK(store::parseSplit("validation") == Split::Dev);
  CHECK(store::parseSplit("TRAIN") == Split::Train);
  CHECK(store::parseSplit("") == Split::None);
  CHECK_FALSE(store::parseSplit("holdout"));
}
