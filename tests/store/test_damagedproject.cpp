// Damaged project files (issue #14): refused with the file named and what is
// wrong, and left byte for byte as they were.
#include "slurp.h"
#include "store/projectstore.h"
#include "store/storeerror.h"
#include "storetest.h"
#include "tempdir.h"

#include "catchapi.h"

#include <filesystem>
#include <fstream>

using spanforge::store::ProjectStore;
using spanforge::store::StorageError;
using spanforge::testing::makeDoc;
using spanforge::testing::slurp;
using spanforge::testing::TempDir;

namespace {

constexpr int kDocuments = 200;

// A project of several pages whose WAL has been checkpointed away.
std::string makeClosedProject(const TempDir& dir) {
  const auto path = dir.file("damaged project.sfproj");
  auto project = ProjectStore::create(path);
  for (int i = 0; i < kDocuments; ++i)
    project->documents().add(makeDoc("Document " + std::to_string(i) + std::string(300, 'x')));
  project.reset();  // the last connection checkpoints and removes the WAL
  REQUIRE_FALSE(std::filesystem::exists(path + "-wal"));
  return path;
}

void readEverything(const std::string& path) {
  auto project = ProjectStore::open(path);
  for (int64_t id = 1; id <= kDocuments; ++id) project->documents().get(id);
}

}  // namespace

TEST_CASE("open refuses a truncated project, saying so, and leaves it alone") {
  TempDir dir;
  const auto path = makeClosedProject(dir);
  const auto size = std::filesystem::file_size(path);
  REQUIRE(size > 40000);
  // Cut in the middle of a page and on a page boundary: an interrupted copy does either.
  for (const auto keep : {size / 2 + 100, (size / 2) & ~uintmax_t{4095}}) {
    std::filesystem::resize_file(path, keep);
    const std::string before = slurp(path);
    CHECK_THROWS_WITH(
        ProjectStore::open(path),
        ContainsSubstring(path) && ContainsSubstring("truncated") &&
            ContainsSubstring(std::to_string(keep) + " bytes of the " + std::to_string(size)));
    CHECK(slurp(path) == before);
  }
}

TEST_CASE("pages overwritten with junk are reported as a damaged file, not a bad document") {
  TempDir dir;
  const auto path = makeClosedProject(dir);
  const auto size = std::filesystem::file_size(path);
  {
    // Everything but the first page (the header and the schema) becomes junk.
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(4096);
    f << std::string(size - 4096, 'Z');
  }
  const std::string before = slurp(path);
  CHECK_THROWS_AS(readEverything(path), StorageError);
  CHECK_THROWS_WITH(readEverything(path), ContainsSubstring(path) && ContainsSubstring("damaged"));
  CHECK(slurp(path) == before);
}
