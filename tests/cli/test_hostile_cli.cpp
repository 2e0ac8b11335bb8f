// Hostile projects and files (issue #14): each gets a message naming the file
// and what is wrong, exit code 1, and no change to anything.
#include "clirunner.h"
#include "slurp.h"
#include "tempdir.h"

#include "catchapi.h"

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <vector>

using spanforge::testing::CliResult;
using spanforge::testing::slurp;
using spanforge::testing::TempDir;
namespace fs = std::filesystem;

namespace {

using spanforge::testing::write;

// Runs the CLI in a child process as a user without write access to what
// root's chmod protects: root ignores file modes, so as root the child becomes
// "nobody" first. stderr comes back through a file.
CliResult cliAsOtherUser(const TempDir& dir, std::vector<std::string> args) {
  const std::string errFile = dir.file("child.err");
  const pid_t pid = fork();
  if (pid == 0) {
    if (geteuid() == 0 && (setgid(65534) != 0 || setuid(65534) != 0)) _exit(125);
    const CliResult r = spanforge::testing::runCliArgs(std::move(args));
    std::ofstream(errFile + ".tmp") << r.err;
    _exit(r.code);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  CliResult r;
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  r.err = slurp(errFile + ".tmp");
  return r;
}

}  // namespace

TEST_CASE("a 0-byte project file is refused by every command and stays 0 bytes") {
  TempDir dir;
  const auto proj = write(dir.file("empty.sfproj"), "");
  const auto data = write(dir.file("d.jsonl"), "{\"text\":\"Some text\",\"answer\":\"accept\"}\n");
  const std::vector<std::vector<std::string>> commands = {
      {"stats", proj},
      {"import", proj, data},
      {"export", proj, dir.file("out.jsonl")},
      {"debug-data", proj},
  };
  for (const auto& args : commands) {
    INFO(args[0]);
    const CliResult r = spanforge::testing::runCliArgs(args);
    CHECK(r.code == 1);
    CHECK_THAT(r.err, ContainsSubstring("empty.sfproj") && ContainsSubstring("the file is empty"));
    CHECK(fs::file_size(proj) == 0);
    CHECK_FALSE(fs::exists(proj + "-wal"));
  }
}

TEST_CASE("a read-only project file can be read but not changed") {
  TempDir dir;
  fs::permissions(dir.path(), fs::perms::all);  // the folder stays writable for "nobody"
  const auto proj = dir.file("p.sfproj");
  const auto data = write(dir.file("d.jsonl"), "{\"text\":\"Some text\",\"answer\":\"accept\"}\n");
  REQUIRE(spanforge::testing::runCliArgs({"init", proj}).code == 0);
  REQUIRE(spanforge::testing::runCliArgs({"import", proj, data}).code == 0);
  fs::permissions(proj, fs::perms::owner_read | fs::perms::group_read | fs::perms::others_read);
  const std::string before = slurp(proj);

  CHECK(cliAsOtherUser(dir, {"stats", proj}).code == 0);
  const auto more = write(dir.file("more.jsonl"), "{\"text\":\"Other text\"}\n");
  const CliResult r = cliAsOtherUser(dir, {"import", proj, more, "--skip-invalid"});
  INFO(r.err);
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("p.sfproj") && ContainsSubstring("the file is read-only"));
  CHECK_THAT(r.err, !ContainsSubstring("invalid record"));
  CHECK(slurp(proj) == before);
}

TEST_CASE("a project in a read-only folder can be read but not changed") {
  TempDir dir;
  // Spaces and non-ASCII too: the read-only open names the file in a URI.
  const auto folder = dir.file("read only \xc3\xbc \xe2\x82\xac%20?#");
  fs::create_directories(folder);
  const auto proj = folder + "/p.sfproj";
  const auto data = write(dir.file("d.jsonl"), "{\"text\":\"Some text\",\"answer\":\"accept\"}\n");
  REQUIRE(spanforge::testing::runCliArgs({"init", proj}).code == 0);
  REQUIRE(spanforge::testing::runCliArgs({"import", proj, data}).code == 0);
  fs::permissions(dir.path(), fs::perms::all);
  fs::permissions(proj, fs::perms::all);  // the file is writable, its folder is not
  fs::permissions(folder, fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec |
                              fs::perms::others_read | fs::perms::others_exec);
  if (geteuid() != 0) fs::permissions(folder, fs::perms::owner_write, fs::perm_options::remove);
  const std::string before = slurp(proj);

  CliResult r = cliAsOtherUser(dir, {"stats", proj});
  INFO(r.err);
  CHECK(r.code == 0);
  r = cliAsOtherUser(dir, {"export", proj, dir.file("out.jsonl")});
  INFO(r.err);
  CHECK(r.code == 0);
  CHECK_THAT(slurp(dir.file("out.jsonl")), ContainsSubstring("Some text"));
  r = cliAsOtherUser(dir, {"import", proj, data});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("its folder") && ContainsSubstring("is read-only"));
  CHECK(slurp(proj) == before);
  CHECK_FALSE(fs::exists(proj + "-wal"));
  CHECK_FALSE(fs::exists(proj + "-shm"));
  fs::permissions(folder, fs::perms::owner_all, fs::perm_options::add);
}

TEST_CASE("a project on a path with spaces and non-ASCII works in every command") {
  TempDir dir;
  const auto folder = dir.file("Projekte f\xc3\xbcr 2026");
  fs::create_directories(folder);
  const auto proj = folder + "/na\xc3\xafve \xe6\x96\x87 #1.sfproj";
  const auto data = write(dir.file("d \xc3\xa9.jsonl"),
                          "{\"text\":\"Ada Lovelace wrote\",\"spans\":[{\"start\":0,"
                          "\"end\":12,\"label\":\"PER\"}],\"answer\":\"accept\"}\n");
  CHECK(spanforge::testing::runCliArgs({"init", proj}).code == 0);
  CliResult r = spanforge::testing::runCliArgs({"import", proj, data});
  INFO(r.err);
  CHECK(r.code == 0);
  r = spanforge::testing::runCliArgs({"stats", proj});
  CHECK(r.code == 0);
  CHECK_THAT(r.out, ContainsSubstring("PER"));
  const auto out = folder + "/\xc3\xa9xport.jsonl";
  CHECK(spanforge::testing::runCliArgs({"export", proj, out}).code == 0);
  CHECK_THAT(slurp(out), ContainsSubstring("Ada Lovelace"));
}

TEST_CASE("an input file the user cannot read is refused, naming it") {
  TempDir dir;
  fs::permissions(dir.path(), fs::perms::all);
  const auto proj = dir.file("p.sfproj");
  REQUIRE(spanforge::testing::runCliArgs({"init", proj}).code == 0);
  fs::permissions(proj, fs::perms::all);
  const auto data = write(dir.file("secret.jsonl"), "{\"text\":\"Some text\"}\n");
  fs::permissions(data, fs::perms::owner_read | fs::perms::owner_write);
  const std::string before = slurp(proj);
  const CliResult r = cliAsOtherUser(dir, {"import", proj, data});
  INFO(r.err);
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("secret.jsonl") && ContainsSubstring("ermission denied"));
  CHECK_THAT(r.err, !ContainsSubstring("internal error"));
  CHECK(slurp(proj) == before);
}
