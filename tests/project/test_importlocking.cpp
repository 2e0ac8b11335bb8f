// An import checks every record before it takes the project's write lock,
// and a storage failure is the project's problem, never a record's.
#include "project/importer.h"
#include "store/database.h"
#include "store/projectstore.h"
#include "store/storeerror.h"
#include "tempdir.h"

#include "catchapi.h"

#include <sys/resource.h>

#include <csignal>
#include <fstream>

using spanforge::project::Importer;
using spanforge::project::ImportOptions;
using spanforge::store::ProjectStore;
using spanforge::testing::TempDir;
namespace store = spanforge::store;

namespace {

std::string writeJsonl(const TempDir& dir, const std::string& name, int documents,
                       const std::string& extra = {}) {
  const std::string p = dir.file(name);
  std::ofstream out(p, std::ios::binary);
  for (int i = 0; i < documents; ++i) {
    out << R"({"text":"Document number )" << i
        << R"( was written in Paris by Alice.","spans":[{"start":28,"end":33,"label":"LOC"}]})"
        << "\n";
  }
  out << extra;
  return p;
}

int64_t documentCount(ProjectStore& p) { return p.documents().count({}); }

// Holds the write lock of a project on a second connection, as another
// process's long import would.
struct WriteLockHolder {
  explicit WriteLockHolder(const std::string& path) : db(path) { db.exec("BEGIN IMMEDIATE"); }
  ~WriteLockHolder() { db.exec("ROLLBACK"); }
  store::Database db;
};

}  // namespace

TEST_CASE("a refused import never waits for the write lock") {
  TempDir dir;
  auto project = ProjectStore::create(dir.file("p.sfproj"));
  project->db().setBusyTimeout(100);
  const auto bad = writeJsonl(dir, "bad.jsonl", 50,
                              R"({"text":"x","spans":[{"start":0}]})"
                              "\n");
  WriteLockHolder other(project->path());
  const auto report = Importer(*project).run({bad}, ImportOptions{});
  CHECK_FALSE(report.committed);
  REQUIRE(report.errors.size() == 1);
  CHECK(report.errors[0].line() == 51);
}

TEST_CASE("an import blocked by another writer fails as busy, not as a bad record") {
  TempDir dir;
  auto project = ProjectStore::create(dir.file("p.sfproj"));
  project->db().setBusyTimeout(100);
  const auto good = writeJsonl(dir, "good.jsonl", 20);
  WriteLockHolder other(project->path());
  ImportOptions options;
  options.skipInvalid = true;
  try {
    Importer(*project).run({good}, options);
    FAIL("the import did not fail");
  } catch (const store::StorageError& e) {
    CHECK(e.code() == 5);  // SQLITE_BUSY
    CHECK_THAT(e.what(), ContainsSubstring("the project is busy") &&
                             ContainsSubstring("try again when it has finished"));
  }
}

TEST_CASE("reading the files twice imports what staging them would") {
  TempDir dir;
  const auto file = writeJsonl(dir, "a.jsonl", 30,
                               R"({"text":"bad","spans":5})"
                               "\n");
  const auto more = writeJsonl(dir, "b.jsonl", 5);
  ImportOptions options;
  options.skipInvalid = true;
  auto staged = ProjectStore::create(dir.file("staged.sfproj"));
  const auto a = Importer(*staged).run({file, more}, options);
  options.stageBytes = 0;
  auto reread = ProjectStore::create(dir.file("reread.sfproj"));
  const auto b = Importer(*reread).run({file, more}, options);
  REQUIRE(a.committed);
  REQUIRE(b.committed);
  CHECK(a.imported == 30);
  CHECK(a.duplicates == 5);
  CHECK(a.skipped == 1);
  CHECK(b.imported == a.imported);
  CHECK(b.duplicates == a.duplicates);
  CHECK(b.skipped == a.skipped);
  CHECK(documentCount(*reread) == documentCount(*staged));
}

TEST_CASE("a disk that fills up during an import leaves the project unchanged") {
  TempDir dir;
  auto project = ProjectStore::create(dir.file("p.sfproj"));
  REQUIRE(Importer(*project).run({writeJsonl(dir, "first.jsonl", 10)}, ImportOptions{}).committed);
  const auto big = writeJsonl(dir, "big.jsonl", 4000);
  project.reset();
  project = ProjectStore::open(dir.file("p.sfproj"));
  // Files may not grow past 64 KB from here on: the WAL cannot hold the import.
  rlimit before{};
  REQUIRE(getrlimit(RLIMIT_FSIZE, &before) == 0);
  const auto oldHandler = std::signal(SIGXFSZ, SIG_IGN);
  rlimit small = before;
  small.rlim_cur = 64 * 1024;
  REQUIRE(setrlimit(RLIMIT_FSIZE, &small) == 0);
  std::string message;
  int code = 0;
  ImportOptions options;
  options.skipInvalid = true;  // must not turn the failure into skipped records
  try {
    Importer(*project).run({big}, options);
  } catch (const store::StorageError& e) {
    message = e.what();
    code = e.code();
  }
  setrlimit(RLIMIT_FSIZE, &before);
  std::signal(SIGXFSZ, oldHandler);
  INFO(message);
  CHECK(code == 10);  // SQLITE_IOERR, from EFBIG (a full disk gives ENOSPC: "the disk is full")
  CHECK_THAT(message, ContainsSubstring("file size limit") &&
                          ContainsSubstring("nothing of this change was saved"));
  project.reset();
  auto reopened = ProjectStore::open(dir.file("p.sfproj"));
  CHECK(documentCount(*reopened) == 10);
  store::Statement check = reopened->db().prepare("PRAGMA integrity_check");
  REQUIRE(check.step());
  CHECK(check.columnText(0) == "ok");
}

TEST_CASE("an empty input file or a NUL in a text is refused, naming the file") {
  TempDir dir;
  auto project = ProjectStore::create(dir.file("p.sfproj"));
  const auto empty = dir.file("empty.jsonl");
  std::ofstream(empty) << "\n\n";
  const auto good = writeJsonl(dir, "good.jsonl", 3);
  auto report = Importer(*project).run({good, empty}, ImportOptions{});
  CHECK_FALSE(report.committed);
  REQUIRE(report.errors.size() == 1);
  CHECK_THAT(report.errors[0].what(), StartsWith(empty + ": holds no documents"));
  ImportOptions skip;
  skip.skipInvalid = true;
  report = Importer(*project).run({good, empty}, skip);
  CHECK(report.committed);
  CHECK(report.imported == 3);

  // JSON may escape a NUL ("\u0000"); the store refuses it all the same.
  const auto nul = dir.file("nul.jsonl");
  std::ofstream(nul) << R"({"text":"binary\u0000data"})"
                     << "\n";
  report = Importer(*project).run({nul}, ImportOptions{});
  CHECK_FALSE(report.committed);
  REQUIRE(report.errors.size() == 1);
  CHECK_THAT(report.errors[0].what(), ContainsSubstring("contains a NUL character"));
  CHECK(documentCount(*project) == 3);
}
