// Bounded input and outputs that cannot destroy inputs (issue #31): every
// command that writes a file refuses one that is its input or the project
// (by name, symbolic link or hard link), exit 1 with both paths named, and
// leaves the input byte for byte as it was; predict refuses a record over
// import's 16 MiB limit and predicts long records in bounded windows.
#include "../train/traintestdata.h"
#include "childprocess.h"
#include "clirunner.h"
#include "slurp.h"
#include "tempdir.h"
#include "train/config/tomlconfig.h"

#include <nlohmann/json.hpp>
#include "catchapi.h"

#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using spanforge::testing::CliResult;
using spanforge::testing::slurp;
using spanforge::testing::TempDir;
using namespace spanforge::train::testing;
namespace fs = std::filesystem;

namespace {

using spanforge::testing::run;

using spanforge::testing::write;

// A project with two documents in `dir`.
std::string makeInputsProject(const TempDir& dir) {
  const std::string proj = dir.file("p.sfproj");
  REQUIRE(run({"init", proj, "--labels", "PER"}).code == 0);
  const auto data = write(dir.file("d.jsonl"),
                          "{\"text\":\"Ann met Bob\",\"spans\":[{\"start\":0,\"end\":3,\"label\":"
                          "\"PER\"}],\"answer\":\"accept\"}\n{\"text\":\"Some more "
                          "text\",\"answer\":\"accept\"}\n");
  REQUIRE(run({"import", proj, data}).code == 0);
  return proj;
}

// `link` names target through a symbolic link, `hard` through a hard link.
std::vector<std::string> namesOf(const TempDir& dir, const std::string& target) {
  const std::string name = fs::path(target).filename().string();
  fs::create_symlink(target, dir.file("soft-" + name));
  fs::create_hard_link(target, dir.file("hard-" + name));
  return {target, dir.file("soft-" + name), dir.file("hard-" + name)};
}

}  // namespace

TEST_CASE("export onto its own project is refused, also through links and its -wal") {
  TempDir dir;
  const std::string proj = makeInputsProject(dir);
  const std::string before = slurp(proj);
  std::vector<std::string> outs = namesOf(dir, proj);
  outs.push_back(proj + "-wal");
  outs.push_back(proj + "-shm");
  for (const auto& out : outs) {
    INFO(out);
    const CliResult r = run({"export", proj, out, "--format", "jsonl"});
    CHECK(r.code == 1);
    CHECK_THAT(r.err, ContainsSubstring(out + ": the output file is") &&
                          ContainsSubstring("project " + proj) &&
                          ContainsSubstring("nothing was written"));
    CHECK(slurp(proj) == before);
    CHECK_FALSE(fs::exists(out + ".part"));
  }
  CHECK(run({"stats", proj}).code == 0);
  CHECK(run({"export", proj, dir.file("out.jsonl")}).code == 0);
}

TEST_CASE("predict --output onto its input or its model is refused") {
  TempDir dir;
  // The check comes before the model is loaded: any folder will do here.
  fs::create_directories(dir.file("m"));
  const auto meta = write(dir.file("m/meta.json"), "{\"format_version\": 1}\n");
  const auto input = write(dir.file("in.jsonl"), "{\"text\":\"Ann met Bob\"}\n");
  for (const auto& out : namesOf(dir, input)) {
    INFO(out);
    const CliResult r = run({"predict", dir.file("m"), input, "--output", out});
    CHECK(r.code == 1);
    CHECK_THAT(r.err, ContainsSubstring(out + ": --output is the same file as the input " + input));
    CHECK(slurp(input) == "{\"text\":\"Ann met Bob\"}\n");
  }
  const CliResult r = run({"predict", dir.file("m"), input, "--output", meta});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("part of the model package " + dir.file("m")));
  CHECK(slurp(meta) == "{\"format_version\": 1}\n");
}

TEST_CASE("predict --output onto the file its standard input comes from is refused") {
  TempDir dir;
  fs::create_directories(dir.file("m"));
  const auto input = write(dir.file("in.jsonl"), "{\"text\":\"Ann met Bob\"}\n");
  // The real program: the shell opens the input, predict would truncate it.
  const std::string command = "'" + spanforge::testing::cliExecutable() + "' predict '" +
                              dir.file("m") + "' --output '" + input + "' < '" + input + "' 2> '" +
                              dir.file("err.txt") + "'";
  const int status = std::system(command.c_str());
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 1);
  CHECK_THAT(slurp(dir.file("err.txt")),
             ContainsSubstring("--output is the same file as the standard input"));
  CHECK(slurp(input) == "{\"text\":\"Ann met Bob\"}\n");
}

TEST_CASE("train refuses a log or a package folder that would destroy what it reads") {
  TempDir dir;
  const std::string proj = makeInputsProject(dir);
  const std::string before = slurp(proj);
  for (const auto& log : namesOf(dir, proj)) {
    INFO(log);
    const CliResult r = run({"train", proj, "--output", dir.file("m"), "--log-jsonl", log});
    CHECK(r.code == 1);
    CHECK_THAT(r.err, ContainsSubstring(log + ": --log-jsonl is the same file as the project " +
                                        proj + "; nothing was written"));
    CHECK(slurp(proj) == before);
  }
  CliResult r = run({"train", proj, "--output", dir.file("m"), "--log-jsonl", proj + "-wal"});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("part of the project"));
  // The package folder is replaced as a whole: it must not hold the project.
  r = run({"train", proj, "--output", dir.path().string()});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("holds the project " + proj));
  const auto conll = write(dir.file("t.conll"), "Ann\tB-PER\n");
  r = run(
      {"train", "--train", conll, "--dev", conll, "--output", dir.file("m"), "--log-jsonl", conll});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("is the same file as the training data " + conll));
  CHECK(slurp(conll) == "Ann\tB-PER\n");
  CHECK(slurp(proj) == before);
  CHECK_FALSE(fs::exists(dir.file("m")));
}

TEST_CASE("init-config --force, import, calibrate and pretrain keep the project and inputs") {
  TempDir dir;
  const std::string proj = makeInputsProject(dir);
  const std::string before = slurp(proj);
  CliResult r = run({"init-config", proj, "--force"});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("is a project"));
  r = run({"import", proj, proj});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("PROJECT is the same file as the file to import"));
  CHECK(slurp(proj) == before);
  fs::create_directories(dir.file("m"));
  const auto data = write(dir.file("m/dev.conll"), "Ann\tB-PER\n");
  r = run({"calibrate", dir.file("m"), data});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("holds the data " + data));
  const auto text = write(dir.file("m/text.txt"), "Some text\n");
  r = run({"pretrain", "--texts", text, "--output", dir.file("m")});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("holds the text " + text));
  CHECK(slurp(data) == "Ann\tB-PER\n");
  CHECK(slurp(text) == "Some text\n");
}

TEST_CASE("predict refuses a record over 16 MiB and predicts a long one in windows") {
  TempDir dir;
  const std::string train = dir.file("train.conll"), dev = dir.file("dev.conll");
  writeConll(train, head(demoTrain(), 200));
  writeConll(dev, head(demoDev(), 100));
  auto config = tinyConfig();
  config.training.maxSteps = 10;
  std::ofstream(dir.file("tiny.toml")) << spanforge::train::toToml(config);
  const std::string model = dir.file("model");
  REQUIRE(run({"train", "--train", train, "--dev", dev, "--output", model, "--config",
               dir.file("tiny.toml")})
              .code == 0);

  // Line 2 is one byte over the limit (import's): refused, naming the line.
  const std::string big = "{\"text\":\"" + std::string((16 << 20) - 10, 'a') + "\"}";
  REQUIRE(big.size() == (16u << 20) + 1);
  write(dir.file("big.jsonl"), "{\"text\":\"Ann met Bob\"}\n" + big + "\n");
  CliResult r = run({"predict", model, dir.file("big.jsonl"), "--output", dir.file("out.jsonl")});
  CHECK(r.code == 1);
  CHECK_THAT(r.err, ContainsSubstring("big.jsonl:2: the line is longer than the limit of "
                                      "16777216 bytes"));

  // 10,000 tokens: three windows, every span inside the record, in order.
  std::string text;
  for (int i = 0; i < 2000; ++i) text += "Barack Obama visited London . ";
  write(dir.file("long.jsonl"), "{\"text\":\"" + text + "\"}\n{\"text\":\"Ann met Bob\"}\n");
  r = run({"predict", model, dir.file("long.jsonl"), "--threads", "2"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  std::istringstream lines(r.out);
  std::string line;
  std::vector<nlohmann::json> out;
  while (std::getline(lines, line)) out.push_back(nlohmann::json::parse(line));
  REQUIRE(out.size() == 2);
  CHECK(out[0]["tokens"].size() == 10000);
  int64_t last = -1;
  for (const auto& s : out[0]["spans"]) {
    CHECK(s["token_start"].get<int64_t>() > last);
    last = s["token_end"].get<int64_t>();
    CHECK(last < 10000);
    CHECK(s["score"].get<double>() > 0.0);
  }
  CHECK(out[1]["tokens"].size() == 3);
}
