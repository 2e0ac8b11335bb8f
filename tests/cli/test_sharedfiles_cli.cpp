// Files from other people, second round (issue #65), as the CLI meets them:
// commands that wrote over what they read, pattern files that hung matching.
// Each is refused (exit 1, a message naming the file) or bounded, and
// nothing that was read changes.
#include "clidatafiles.h"
#include "clirunner.h"
#include "slurp.h"
#include "tempdir.h"

#include "catchapi.h"

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

using spanforge::testing::CliResult;
using spanforge::testing::makeFiles;
using spanforge::testing::run;
using spanforge::testing::slurp;
using spanforge::testing::TempDir;
namespace fs = std::filesystem;

namespace {

using spanforge::testing::write;

// Every file of a folder and its bytes, to compare before and after.
std::map<std::string, std::string> folderBytes(const std::string& folder) {
  std::map<std::string, std::string> out;
  for (const auto& e : fs::directory_iterator(folder))
    if (e.is_regular_file()) out[e.path().filename().string()] = slurp(e.path().string());
  return out;
}

}  // namespace

TEST_CASE("train --output X --resume-from X is refused and X stays as it was") {
  TempDir dir;
  const auto f = makeFiles(dir, 4);
  const std::string x = dir.file("x");
  REQUIRE(run({"train", "--train", f.train, "--dev", f.dev, "--config", f.config, "--output", x})
              .code == 0);
  const auto before = folderBytes(x);
  const CliResult r = run({"train", "--train", f.train, "--dev", f.dev, "--config", f.config,
                           "--output", x, "--resume-from", x});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("--output is the package resumed from " + x));
  CHECK_THAT(r.err, ContainsSubstring("nothing was written"));
  CHECK(folderBytes(x) == before);
}

TEST_CASE("init-config --force never writes over the vectors or into the model folder it reads") {
  TempDir dir;
  const auto vectors = write(dir, "glove.txt", "the 0.1 0.2 0.3\ncat 0.4 0.5 0.6\n");
  CliResult r = run({"init-config", vectors, "--vectors", vectors, "--force"});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("OUT is the same file as the vectors " + vectors));
  CHECK(slurp(vectors) == "the 0.1 0.2 0.3\ncat 0.4 0.5 0.6\n");
  // The same through a symbolic link.
  fs::create_symlink(vectors, dir.file("link.toml"));
  CHECK(run({"init-config", dir.file("link.toml"), "--vectors", vectors, "--force"}).code == 1);
  CHECK(slurp(vectors) == "the 0.1 0.2 0.3\ncat 0.4 0.5 0.6\n");

  const std::string model = dir.file("bert");
  fs::create_directories(model);
  const auto config = write(dir, "bert/config.json", "{\"model_type\": \"bert\"}");
  r = run({"init-config", config, "--transformer", model, "--force"});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("part of the transformer model folder " + model));
  CHECK(slurp(config) == "{\"model_type\": \"bert\"}");
}

TEST_CASE("patterns match: the 66-byte pattern is refused at once, naming its line and field") {
  TempDir dir;
  const auto patterns = write(dir, "p.jsonl",
                              R"({"label":"X","pattern":[{"OP":"{0,9999}"},{"LOWER":"zzz"}]})"
                              "\n");
  const auto input = write(dir, "in.jsonl", "{\"text\": \"a b c d e f zzz\"}\n");
  const auto t0 = std::chrono::steady_clock::now();
  const CliResult r = run({"patterns", "match", "--patterns", patterns, input});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("p.jsonl:1: pattern[0].OP"));
  CHECK_THAT(r.err, ContainsSubstring("at most 100 times"));
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(10));
}

TEST_CASE("patterns apply: a pattern that matches everything is cut and named, not minutes") {
  TempDir dir;
  const std::string proj = dir.file("p.sfproj");
  REQUIRE(run({"init", proj, "--labels", "X,Y"}).code == 0);
  std::string text;
  for (int i = 0; i < 20000; ++i) text += (i % 10 == 9 ? "zzz " : "w ");
  const auto docs = write(dir, "docs.jsonl", "{\"text\": \"" + text + "\"}\n{\"text\": \"zzz\"}\n");
  REQUIRE(run({"import", proj, docs}).code == 0);
  const auto patterns = write(dir, "stars.jsonl",
                              "{\"label\":\"X\",\"pattern\":[{\"OP\":\"*\"},{\"OP\":\"*\"},{\"OP\":"
                              "\"*\"},{\"OP\":\"*\"},{\"OP\":\"*\"}]}\n"
                              "{\"label\":\"Y\",\"pattern\":\"zzz\"}\n");
  REQUIRE(run({"patterns", "import", proj, patterns}).code == 0);
  const auto t0 = std::chrono::steady_clock::now();
  const CliResult r = run({"patterns", "apply", proj});
  INFO(r.err);
  CHECK(r.code == 0);
  CHECK_THAT(r.err, ContainsSubstring("warning: pattern set \"stars.jsonl\" line 1: the pattern "
                                      "matches too much"));
  CHECK_THAT(r.err, ContainsSubstring("(in 1 document(s))"));
  CHECK_THAT(r.out, ContainsSubstring("Matched 2 unlabelled document(s)"));
  // Before: minutes. A hang guard, not a speed target.
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(60));
}

TEST_CASE("al-simulate refuses a --models-dir that holds its pool or config") {
  TempDir dir;
  const auto f = makeFiles(dir, 4);
  const std::string models = dir.file("");  // the folder the data lies in
  const std::string before = slurp(f.train);
  const CliResult r =
      run({"al-simulate", "--train", f.train, "--dev", f.dev, "--test", f.test, "--config",
           f.config, "--rounds", "1", "--full-f1", "0.5", "--models-dir", models});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("--models-dir folder is replaced as a whole, and it holds"));
  CHECK(slurp(f.train) == before);
}

TEST_CASE("pretrain refuses an --output folder that holds the config's vectors") {
  TempDir dir;
  fs::create_directories(dir.file("m"));
  const auto vectors = write(dir, "m/glove.txt", "the 0.1 0.2 0.3\ncat 0.4 0.5 0.6\n");
  const auto text = write(dir, "text.txt", "the cat sat\n");
  const auto config = write(dir, "c.toml", "[model]\nvectors = \"" + vectors + "\"\n");
  const CliResult r =
      run({"pretrain", "--texts", text, "--config", config, "--output", dir.file("m")});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("holds the vectors " + vectors));
  CHECK(slurp(vectors) == "the 0.1 0.2 0.3\ncat 0.4 0.5 0.6\n");
}
