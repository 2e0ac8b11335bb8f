#include "clirunner.h"
#include "tempdir.h"

#include <nlohmann/json.hpp>
#include "catchapi.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

using spanforge::testing::TempDir;

namespace {

using Result = spanforge::testing::CliResult;

Result cli(std::vector<std::string> args) {
  return spanforge::testing::runCliArgs(std::move(args));
}

std::string write(const TempDir& dir, const std::string& name, const std::string& content) {
  std::ofstream(dir.file(name), std::ios::binary) << content;
  return dir.file(name);
}

}  // namespace

TEST_CASE("every command has --help and exits 0") {
  for (const char* c : {"init", "import", "export", "stats", "debug-data"}) {
    CAPTURE(c);
    const auto r = cli({c, "--help"});
    CHECK(r.code == 0);
    CHECK(r.out.find("PROJECT") != std::string::npos);
  }
  CHECK(cli({"--help"}).code == 0);
}

TEST_CASE("usage errors exit 1 with a message on stderr") {
  TempDir dir;
  auto r = cli({});
  CHECK(r.code == 1);
  CHECK_FALSE(r.err.empty());
  r = cli({"import", dir.file("missing.sfproj"), dir.file("missing.jsonl")});
  CHECK(r.code == 1);
  r = cli({"frobnicate"});
  CHECK(r.code == 1);
}

TEST_CASE("init, import, stats and export work end to end") {
  TempDir dir;
  const auto proj = dir.file("p.sfproj");
  REQUIRE(cli({"init", proj, "--labels", "PER,LOC"}).code == 0);
  CHECK(cli({"init", proj}).code == 1);  // exists already

  const auto data = write(
      dir, "d.jsonl",
      R"({"text":"Alice flew to Paris","spans":[{"start":0,"end":5,"label":"PER"},{"start":14,"end":19,"label":"LOC"}],"answer":"accept"})"
      "\n"
      R"({"text":"Unlabelled text"})"
      "\n");
  auto r = cli({"import", proj, data});
  REQUIRE(r.code == 0);
  CHECK(r.err.find("Imported 2 document(s)") != std::string::npos);

  r = cli({"stats", proj, "--json"});
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["documents"]["total"] == 2);
  CHECK(j["documents"]["accepted"] == 1);
  CHECK(j["documents"]["unlabelled"] == 1);
  CHECK(j["spans"]["PER"] == 1);
  CHECK(j["spans"]["LOC"] == 1);

  r = cli({"stats", proj});
  CHECK(r.code == 0);
  CHECK(r.out.find("accepted") != std::string::npos);

  const auto out = dir.file("out.conll");
  r = cli({"export", proj, out});
  REQUIRE(r.code == 0);
  std::ifstream in(out);
  std::stringstream ss;
  ss << in.rdbuf();
  CHECK(ss.str() == "Alice\tB-PER\nflew\tO\nto\tO\nParis\tB-LOC\n\n");

  r = cli({"export", proj, dir.file("all.jsonl"), "--status", "all"});
  CHECK(r.code == 0);
  CHECK(r.err.find("Exported 2") != std::string::npos);
}

TEST_CASE("a bad file exits 1, names file, line and field, and changes nothing") {
  TempDir dir;
  const auto proj = dir.file("p.sfproj");
  REQUIRE(cli({"init", proj, "--labels", "PER"}).code == 0);
  const auto bad = write(dir, "bad.jsonl",
                         "{\"text\":\"fine\"}\n{\"text\":\"Bob\",\"spans\":[{\"start\":0,\"end\":9,"
                         "\"label\":\"PER\"}]}\n");
  auto r = cli({"import", proj, bad});
  CHECK(r.code == 1);
  CHECK(r.err.find("bad.jsonl:2: spans[0].end") != std::string::npos);
  CHECK(r.err.find("unchanged") != std::string::npos);
  r = cli({"stats", proj, "--json"});
  CHECK(nlohmann::json::parse(r.out)["documents"]["total"] == 0);

  r = cli({"import", proj, bad, "--skip-invalid"});
  CHECK(r.code == 0);
  CHECK(r.err.find("skipped: ") != std::string::npos);
  CHECK(nlohmann::json::parse(cli({"stats", proj, "--json"}).out)["documents"]["total"] == 1);
}

TEST_CASE("unknown labels are refused unless --add-labels") {
  TempDir dir;
  const auto proj = dir.file("p.sfproj");
  REQUIRE(cli({"init", proj, "--labels", "PER"}).code == 0);
  const auto f = write(dir, "x.jsonl",
                       R"({"text":"Acme","spans":[{"start":0,"end":4,"label":"ORG"}]})"
                       "\n");
  auto r = cli({"import", proj, f});
  CHECK(r.code == 1);
  CHECK(r.err.find("unknown label 'ORG'") != std::string::npos);
  r = cli({"import", proj, f, "--add-labels"});
  CHECK(r.code == 0);
  CHECK(r.err.find("New labels: ORG") != std::string::npos);
}

TEST_CASE("debug-data reports checks as text and JSON") {
  TempDir dir;
  const auto proj = dir.file("p.sfproj");
  REQUIRE(cli({"init", proj}).code == 0);
  const auto f = write(dir, "d.conll", "Alice\tB-PER\nsmiles\tO\n\n");
  REQUIRE(cli({"import", proj, f}).code == 0);
  auto r = cli({"debug-data", proj, "--json"});
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["documents"] == 1);
  bool sawRare = false;
  for (const auto& c : j["checks"]) {
    if (c["id"] == "rare_labels") {
      sawRare = true;
      CHECK(c["severity"] == "warning");
      CHECK(c["message"].get<std::string>().find("PER (1)") != std::string::npos);
    }
  }
  CHECK(sawRare);
  r = cli({"debug-data", proj});
  CHECK(r.code == 0);
  CHECK(r.out.find("warning(s)") != std::string::npos);
}

TEST_CASE("init --demo creates the demo project") {
  TempDir dir;
  const auto proj = dir.file("demo.sfproj");
  REQUIRE(cli({"init", "--demo", proj}).code == 0);
  const auto j = nlohmann::json::parse(cli({"stats", proj, "--json"}).out);
  CHECK(j["documents"]["accepted"] == 3291);
  CHECK(j["spans"].size() == 6);
}

TEST_CASE("init-config writes a config that loads back, presets differ") {
  TempDir dir;
  auto r = cli({"init-config"});
  REQUIRE(r.code == 0);
  CHECK(r.out.find("[training]") != std::string::npos);
  CHECK(r.out.find("learning_rate = ") != std::string::npos);
  const auto fast = cli({"init-config", "--preset", "fast"});
  CHECK(fast.out.find("encoder = \"cnn\"") != std::string::npos);

  const auto path = dir.file("c.toml");
  REQUIRE(cli({"init-config", path, "--preset", "accurate"}).code == 0);
  CHECK(std::filesystem::exists(path));
  CHECK(cli({"init-config", path}).code == 1);  // refuses to overwrite
  CHECK(cli({"init-config", path, "--force"}).code == 0);
}
