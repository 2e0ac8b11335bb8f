#include "io/removetree.h"

#include "catchapi.h"
#include "tempdir.h"

#include <fstream>

namespace fs = std::filesystem;
using spanforge::io::removeTree;
using spanforge::testing::TempDir;

namespace {

void write(const fs::path& p) { std::ofstream(p) << "x"; }

}  // namespace

TEST_CASE("removeTree removes nested directories and counts every entry, as remove_all") {
  TempDir dir;
  const fs::path root = fs::path(dir.path()) / "package";
  fs::create_directories(root / "a" / "b" / "c");
  write(root / "top.txt");
  write(root / "a" / "one.bin");
  write(root / "a" / "b" / "c" / "deep.txt");
  std::error_code ec;
  CHECK(removeTree(root, ec) == 7);  // 3 files, 4 directories
  CHECK_FALSE(ec);
  CHECK_FALSE(fs::exists(root));
  CHECK(fs::exists(dir.path()));
}

TEST_CASE("removeTree: a missing path is 0 and no error, a single file is 1") {
  TempDir dir;
  std::error_code ec;
  CHECK(removeTree(fs::path(dir.path()) / "none", ec) == 0);
  CHECK_FALSE(ec);
  CHECK(removeTree(fs::path(dir.path()) / "none" / "deeper") == 0);
  write(fs::path(dir.path()) / "f");
  CHECK(removeTree(fs::path(dir.path()) / "f") == 1);
  CHECK_FALSE(fs::exists(fs::path(dir.path()) / "f"));
}

TEST_CASE("removeTree removes a link to a directory, never what it points to") {
  TempDir dir;
  const fs::path outside = fs::path(dir.path()) / "outside";
  fs::create_directories(outside);
  write(outside / "keep.txt");
  const fs::path root = fs::path(dir.path()) / "tree";
  fs::create_directories(root);
  fs::create_directory_symlink(outside, root / "link");
  CHECK(removeTree(root) == 2);
  CHECK_FALSE(fs::exists(root));
  CHECK(fs::exists(outside / "keep.txt"));
  // The link itself, given directly, goes alone too.
  fs::create_directory_symlink(outside, fs::path(dir.path()) / "direct");
  CHECK(removeTree(fs::path(dir.path()) / "direct") == 1);
  CHECK(fs::exists(outside / "keep.txt"));
}
