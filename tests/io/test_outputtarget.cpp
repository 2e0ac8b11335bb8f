// What a command writes is checked against what it reads (issue #31): the
// same file through a symbolic or a hard link, a project's SQLite files, a
// folder replaced as a whole; and only regular files are read as data.
#include "io/inputerror.h"
#include "io/outputtarget.h"
#include "io/regularfile.h"
#include "slurp.h"
#include "tempdir.h"

#include "catchapi.h"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

using spanforge::io::InputError;
using spanforge::io::OutputTarget;
using spanforge::io::RegularFile;
using spanforge::testing::TempDir;
namespace fs = std::filesystem;

namespace {

using spanforge::testing::write;

template <class F>
std::string errorOf(F&& check) {
  try {
    check();
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("output target: the same file by any name, link or not") {
  TempDir dir;
  const auto input = write(dir.file("in.jsonl"), "{}\n");
  fs::create_symlink(input, dir.file("soft.jsonl"));
  fs::create_hard_link(input, dir.file("hard.jsonl"));
  const std::string viaDots = dir.file("sub/../in.jsonl");
  fs::create_directories(dir.file("sub"));
  for (const auto& out : {input, dir.file("soft.jsonl"), dir.file("hard.jsonl"), viaDots}) {
    INFO(out);
    CHECK(OutputTarget::sameFile(out, input));
    const std::string message =
        errorOf([&] { OutputTarget(out, "--output").notFile(input, "the input"); });
    CHECK_THAT(message, StartsWith(out + ": --output is the same file as the input " + input +
                                   "; nothing was written"));
  }
  write(dir.file("other.jsonl"), "{}\n");
  CHECK_FALSE(OutputTarget::sameFile(dir.file("other.jsonl"), input));
  CHECK_FALSE(OutputTarget::sameFile(dir.file("new.jsonl"), input));  // not there yet
  CHECK_NOTHROW(OutputTarget(dir.file("new.jsonl"), "--output").notFile(input, "the input"));
  CHECK(spanforge::testing::slurp(input) == "{}\n");
}

TEST_CASE("output target: a project's -wal, -shm and -journal count as the project") {
  TempDir dir;
  const auto project = write(dir.file("p.sfproj"), "SQLite format 3");
  for (const char* side : {"-wal", "-shm", "-journal"}) {
    const std::string out = project + side;  // none exists yet
    CHECK_THAT(errorOf([&] { OutputTarget(out, "OUT").notProject(project); }),
               ContainsSubstring("OUT is " + out + ", part of the project " + project));
  }
  CHECK_THAT(errorOf([&] { OutputTarget(project, "OUT").notProject(project); }),
             ContainsSubstring("OUT is the same file as the project"));
  CHECK_NOTHROW(OutputTarget(dir.file("p.jsonl"), "OUT").notProject(project));
}

TEST_CASE("output target: files of a model package and folders replaced as a whole") {
  TempDir dir;
  fs::create_directories(dir.file("m/sub"));
  const auto meta = write(dir.file("m/meta.json"), "{}");
  fs::create_symlink(meta, dir.file("link.json"));
  CHECK_THAT(errorOf([&] {
               OutputTarget(dir.file("link.json"), "--output")
                   .notInFolder(dir.file("m"), "the model package");
             }),
             ContainsSubstring("part of the model package"));
  CHECK_NOTHROW(OutputTarget(dir.file("m/new.jsonl"), "--output")
                    .notInFolder(dir.file("m"), "the model package"));
  // A folder that is replaced whole must not hold an input, at any depth.
  const auto data = write(dir.file("m/sub/train.conll"), "x\n");
  CHECK(OutputTarget::isWithin(data, dir.file("m")));
  CHECK(OutputTarget::isWithin(dir.file("m"), dir.file("m")));
  CHECK_FALSE(OutputTarget::isWithin(dir.file("link.json"), dir.file("m/sub")));
  CHECK_THAT(errorOf([&] {
               OutputTarget(dir.file("m"), "--output").notHolding(data, "the training data");
             }),
             ContainsSubstring(
                 "--output folder is replaced as a whole, and it holds the training data " + data));
  fs::create_directory_symlink(dir.file("m"), dir.file("alias"));
  CHECK_THAT(
      errorOf([&] { OutputTarget(dir.file("alias"), "--output").notHolding(data, "the data"); }),
      ContainsSubstring("holds the data"));
  CHECK_NOTHROW(OutputTarget(dir.file("other"), "--output").notHolding(data, "the data"));
  // A log written into such a folder would vanish with it.
  CHECK_THAT(errorOf([&] {
               OutputTarget(dir.file("m/log.jsonl"), "--log-jsonl")
                   .notWithin(dir.file("m"), "the output folder");
             }),
             ContainsSubstring("lies in the output folder"));
}

TEST_CASE("regular file: devices, FIFOs and directories are refused before a read") {
  TempDir dir;
  const auto plain = write(dir.file("v.txt"), "abc");
  RegularFile f(plain);
  CHECK(f.size() == 3);
  CHECK(f.fd() >= 0);
  const std::string fifo = dir.file("pipe");
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  // No writer: without O_NONBLOCK the open itself would never return.
  CHECK_THAT(errorOf([&] { RegularFile r(fifo); }),
             Equals(fifo + ": is a FIFO (named pipe), not a regular file"));
  CHECK_THAT(errorOf([&] { RegularFile r("/dev/zero"); }),
             Equals("/dev/zero: is a character device, not a regular file"));
  CHECK_THAT(errorOf([&] { RegularFile r(dir.path().string()); }),
             ContainsSubstring("is a directory, not a regular file"));
  CHECK_THAT(errorOf([&] { RegularFile r(dir.file("none")); }),
             ContainsSubstring("cannot open: No such file"));
}
