// Issue #31, finding 3: a project is data, never code. Its schema is compared
// with ours before anything is written or run; SQL someone planted in it is
// refused, and "repair" removes it after a backup.
#include "slurp.h"
#include "store/database.h"
#include "store/migrations.h"
#include "store/projectstore.h"
#include "store/schemacheck.h"
#include "store/schemarepair.h"
#include "store/storeerror.h"
#include "storetest.h"
#include "tempdir.h"

#include "catchapi.h"

#include <filesystem>

using namespace spanforge;
using spanforge::testing::TempDir;
using store::Database;
using store::Migrations;
using store::ProjectStore;
using store::SchemaCheck;
using store::StoreError;

namespace {

int64_t count(Database& db, const std::string& sql) {
  auto st = db.prepare(sql);
  return st.step() ? st.columnInt64(0) : -1;
}

// A project with two gold spans and a run "still running" in a process that
// has died, so that opening it read-write updates the runs table.
std::string goldProject(const TempDir& dir, const std::string& name = "p.sfproj") {
  const auto path = dir.file(name);
  auto p = ProjectStore::create(path);
  p->labels().add("PER");
  p->labels().add("LOC");
  p->documents().add(testing::makeDoc("Ada went to Paris.", {{0, 3, "PER"}, {12, 17, "LOC"}},
                                      text::DocStatus::Accepted));
  p->runs().startRun("epochs = 1", "cpu");
  p.reset();
  Database db(path);
  db.exec("UPDATE runs SET pid = 999999999, state = 0");
  return path;
}

void plant(const std::string& path, const std::string& sql) {
  Database db(path);
  db.exec(sql);
}

}  // namespace

TEST_CASE("every schema version our migrations made passes the check") {
  for (int v = 1; v <= Migrations::latestVersion(); ++v) {
    DYNAMIC_SECTION("version " << v) {
      TempDir dir;
      Database db(dir.file("v.sfproj"));
      Migrations::migrateTo(db, v);
      CHECK(SchemaCheck::findings(db).empty());
    }
  }
  TempDir dir;
  const auto path = goldProject(dir);
  Database db(path);
  db.exec("ANALYZE");  // SQLite's own statistics tables are no foreign code
  CHECK(SchemaCheck::findings(db).empty());
  CHECK_NOTHROW(ProjectStore::open(path));
}

TEST_CASE("a planted trigger is refused by open, and the file is untouched") {
  const std::vector<std::pair<std::string, std::string>> triggers = {
      {"wipe_on_run",
       "CREATE TRIGGER wipe_on_run AFTER UPDATE ON runs BEGIN DELETE FROM spans; END"},
      {"wipe_on_doc",
       "CREATE TRIGGER wipe_on_doc BEFORE UPDATE ON documents BEGIN DELETE FROM spans; END"},
      {"wipe_on_label",
       "CREATE TRIGGER wipe_on_label AFTER INSERT ON labels BEGIN DELETE FROM spans; END"},
      {"slow",
       "CREATE TRIGGER slow AFTER UPDATE ON runs BEGIN SELECT count(*) FROM spans a, "
       "spans b, spans c, spans d, spans e, spans f, spans g, spans h; END"},
  };
  for (const auto& [name, sql] : triggers) {
    DYNAMIC_SECTION(name) {
      TempDir dir;
      const auto path = goldProject(dir);
      plant(path, sql);
      const auto before = testing::slurp(path);
      for (const auto access : {ProjectStore::Access::ReadWrite, ProjectStore::Access::ReadOnly}) {
        CHECK_THROWS_WITH(ProjectStore::open(path, access),
                          ContainsSubstring("trigger \"" + name + "\" (not made by Spanforge)") &&
                              ContainsSubstring("spanforge-cli repair") &&
                              ContainsSubstring("left as it is"));
      }
      CHECK(testing::slurp(path) == before);
      CHECK_FALSE(std::filesystem::exists(path + "-wal"));
      Database db(path, Database::OpenMode::ReadOnly);
      CHECK(count(db, "SELECT count(*) FROM spans") == 2);
      CHECK(count(db, "SELECT state FROM runs") == 0);  // no run was closed either
    }
  }
}

TEST_CASE("a planted view, a foreign table and a foreign index are refused, each named") {
  TempDir dir;
  const auto path = goldProject(dir);
  plant(path,
        "CREATE TABLE notes (x); CREATE INDEX spans_extra ON spans(\"end\"); "
        "CREATE VIEW everything AS SELECT * FROM spans, documents;");
  CHECK_THROWS_WITH(ProjectStore::open(path), ContainsSubstring("table \"notes\"") &&
                                                  ContainsSubstring("index \"spans_extra\"") &&
                                                  ContainsSubstring("view \"everything\""));
}

TEST_CASE("an altered trigger or table of ours, and a missing index, are refused") {
  TempDir dir;
  SECTION("trigger with a different body") {
    const auto path = goldProject(dir);
    plant(path,
          "DROP TRIGGER documents_inserted; CREATE TRIGGER documents_inserted AFTER INSERT ON "
          "documents BEGIN DELETE FROM spans; END");
    CHECK_THROWS_WITH(ProjectStore::open(path),
                      ContainsSubstring("trigger \"documents_inserted\" (changed"));
  }
  SECTION("table with another column") {
    const auto path = goldProject(dir);
    plant(path, "ALTER TABLE labels ADD COLUMN extra TEXT DEFAULT 'x'");
    CHECK_THROWS_WITH(ProjectStore::open(path), ContainsSubstring("table \"labels\" (changed"));
  }
  SECTION("index dropped") {
    const auto path = goldProject(dir);
    plant(path, "DROP INDEX spans_label");
    CHECK_THROWS_WITH(ProjectStore::open(path),
                      ContainsSubstring("index \"spans_label\" (missing)"));
  }
  SECTION("white space alone is no change") {
    CHECK(SchemaCheck::normalized("CREATE  TABLE\n  x (a,\n\tb)  ") == "CREATE TABLE x (a, b)");
  }
}

TEST_CASE("an object name with control characters is named escaped") {
  TempDir dir;
  const auto path = goldProject(dir);
  plant(path, "CREATE TABLE \"x\x1b[31m\ny\" (a)");
  CHECK_THROWS_WITH(ProjectStore::open(path), ContainsSubstring("table \"x\\x1b[31m\\ny\""));
}

TEST_CASE("repair backs the project up, drops what is foreign and restores ours") {
  TempDir dir;
  const auto path = goldProject(dir);
  plant(path,
        "CREATE TRIGGER wipe AFTER UPDATE ON runs BEGIN DELETE FROM spans; END;"
        "CREATE TABLE notes (x); INSERT INTO notes VALUES (1);"
        "CREATE VIEW everything AS SELECT * FROM spans;"
        "DROP INDEX spans_label;"
        "DROP TRIGGER documents_inserted; CREATE TRIGGER documents_inserted AFTER INSERT ON "
        "documents BEGIN DELETE FROM spans; END;");
  store::SchemaRepair repair(path);
  REQUIRE(repair.findings().size() == 5);
  const auto result = repair.run(1700000000);
  CHECK_THAT(result.backupPath, StartsWith(path + ".bak-"));
  REQUIRE(std::filesystem::exists(result.backupPath));
  CHECK(result.remaining.empty());
  for (const auto& a : result.actions) CHECK(a.done);
  {
    // The backup is the file as it was, foreign objects included.
    Database backup(result.backupPath, Database::OpenMode::ReadOnly);
    CHECK(SchemaCheck::findings(backup).size() == 5);
    CHECK(count(backup, "SELECT count(*) FROM spans") == 2);
  }
  // A second backup in the same second gets its own name.
  CHECK(store::SchemaRepair::backupName(path, 1700000000) == result.backupPath + "-2");
  auto p = ProjectStore::open(path);  // closes the dead run: no trigger fires
  CHECK(p->documents().spanCountByLabel().at("PER") == 1);
  CHECK(p->documents().spanCountByLabel().at("LOC") == 1);
  CHECK(p->documents().add(testing::makeDoc("Bob.", {{0, 3, "PER"}})).id > 0);
  CHECK(p->documents().spanCountByLabel().at("PER") == 2);  // the restored trigger is ours
}

TEST_CASE("repair never writes its backup through a symbolic link, dangling or not") {
  TempDir dir;
  const auto path = goldProject(dir);
  plant(path, "CREATE TABLE notes (x)");
  // The backup's name taken by a link to a file that does not exist yet.
  const std::string outside = dir.file("outside.db");
  const std::string name = store::SchemaRepair::backupName(path, 1700000000);
  std::filesystem::create_symlink(outside, name);
  // The name is skipped, as any existing name is...
  CHECK(store::SchemaRepair::backupName(path, 1700000000) == name + "-2");
  const auto result = store::SchemaRepair(path).run(1700000000);
  CHECK(result.backupPath == name + "-2");
  CHECK_FALSE(std::filesystem::exists(outside));
  CHECK(std::filesystem::is_symlink(name));
  // ...and a backup to a link (say, one planted between naming and writing)
  // is refused without writing through it.
  Database db(path);
  CHECK_THROWS_WITH(db.backupTo(name), ContainsSubstring("that name already exists"));
  CHECK_FALSE(std::filesystem::exists(outside));
}

TEST_CASE("repair cannot put back a changed table and says so") {
  TempDir dir;
  const auto path = goldProject(dir);
  plant(path, "ALTER TABLE labels ADD COLUMN extra TEXT");
  store::SchemaRepair repair(path);
  const auto result = repair.run(1700000000);
  REQUIRE(result.actions.size() == 1);
  CHECK_FALSE(result.actions[0].done);
  CHECK_THAT(result.actions[0].what, ContainsSubstring("earlier copy"));
  CHECK(result.remaining.size() == 1);
  CHECK_THROWS_AS(ProjectStore::open(path), StoreError);
}

TEST_CASE("connections are defensive: no schema writes, extensions or ATTACH") {
  TempDir dir;
  const auto path = goldProject(dir);
  Database db(path);
  CHECK(count(db, "PRAGMA trusted_schema") == 0);
  try {
    db.exec("PRAGMA writable_schema = ON");  // ignored (or refused) in defensive mode
  } catch (const StoreError&) {
  }
  CHECK_THROWS_AS(db.exec("UPDATE sqlite_schema SET sql = '' WHERE name = 'labels'"), StoreError);
  CHECK_THROWS_AS(db.exec("SELECT load_extension('/nonexistent')"), StoreError);
  CHECK_THROWS_AS(db.exec("ATTACH '" + dir.file("other.db") + "' AS other"), StoreError);
  CHECK_THROWS_AS(db.exec("INSERT INTO documents_fts_data VALUES (999, x'00')"), StoreError);
}
