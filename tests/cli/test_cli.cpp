#include "../train/transformerfolder.h"
#include "clirunner.h"
#include "tempdir.h"
#include "train/config/tomlconfig.h"
#include "train/config/trainconfig.h"
#include "train/config/vectorsrecipe.h"

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

using spanforge::testing::write;

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
  CHECK(r.err.find("add them with --add-labels") != std::string::npos);  // the fix that works
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

TEST_CASE("debug-data --fix trims a span's white space and then reports it fixed") {
  TempDir dir;
  const auto proj = dir.file("p.sfproj");
  REQUIRE(cli({"init", proj, "--labels", "PER"}).code == 0);
  const auto f = write(dir, "x.jsonl",
                       R"({"text":"Ann ran","spans":[{"start":0,"end":4,"label":"PER"}],)"
                       R"("answer":"accept"})"
                       "\n");
  REQUIRE(cli({"import", proj, f}).code == 0);
  auto r = cli({"debug-data", proj});
  CHECK(r.out.find("1 span(s) with leading or trailing whitespace") != std::string::npos);
  r = cli({"debug-data", proj, "--fix", "--json"});
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["fixed"]["trimmed"] == 1);
  CHECK(j["fixed"]["documents"] == 1);
  r = cli({"debug-data", proj});
  CHECK(r.out.find("no spans with leading or trailing whitespace") != std::string::npos);
  r = cli({"debug-data", proj, "--fix"});
  CHECK(r.out.find("Fixed 0 document(s): Nothing to fix.") != std::string::npos);
}

TEST_CASE("debug-data reports the coverage of word vectors given or in a config") {
  TempDir dir;
  const auto proj = dir.file("p.sfproj");
  REQUIRE(cli({"init", proj}).code == 0);
  REQUIRE(cli({"import", proj, write(dir, "d.conll", "Alice\tB-PER\nsmiles\tO\n\n")}).code == 0);
  const auto vectors = write(dir, "v.txt", "alice 0.1 0.2\nbob 0.3 0.4\n");
  auto r = cli({"debug-data", proj, "--vectors", vectors});
  REQUIRE(r.code == 0);
  CHECK(r.out.find("cover 50.0% of the project's 2 words") != std::string::npos);
  CHECK(r.out.find("'smiles' (1)") != std::string::npos);

  const auto config = write(dir, "c.toml", "[model]\nvectors = \"" + vectors + "\"\n");
  r = cli({"debug-data", proj, "--config", config, "--json"});
  REQUIRE(r.code == 0);
  bool saw = false;
  const auto report = nlohmann::json::parse(r.out);  // outlives the loop over its checks
  for (const auto& c : report["checks"]) {
    if (c["id"] != "vectors_coverage") continue;
    saw = true;
    CHECK(c["count"] == 1);
  }
  CHECK(saw);

  // A broken file is named with its line, before anything is reported.
  r = cli({"debug-data", proj, "--vectors", write(dir, "bad.txt", "alice 0.1 0.2\nbob 0.3\n")});
  CHECK(r.code != 0);
  CHECK(r.out.empty());
  CHECK(r.err.find("bad.txt") != std::string::npos);
  CHECK(r.err.find("2") != std::string::npos);
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

TEST_CASE("init-config --vectors writes the settings recommended with vectors") {
  TempDir dir;
  const auto vectors = write(dir, "v.txt", "alice 0.1 0.2\nbob 0.3 0.4\n");
  const auto path = dir.file("c.toml");
  const auto r = cli({"init-config", path, "--vectors", vectors});
  REQUIRE(r.code == 0);
  CHECK(r.err.find("Vectors: 2 words x 2 dimensions") != std::string::npos);
  namespace train = spanforge::train;
  train::TrainConfig expected = train::defaultConfig();
  train::applyVectorsRecipe(expected, std::filesystem::absolute(vectors).string());
  const train::TrainConfig written = train::loadConfigFile(path);
  CHECK(written.model.vectors == std::filesystem::absolute(vectors).string());
  CHECK(written.model.dropout == 0.5);
  CHECK(written == expected);

  // A file training could not read is refused, and nothing is written.
  const auto none = dir.file("none.toml");
  const auto bad =
      cli({"init-config", none, "--vectors", write(dir, "bad.txt", "alice 0.1\nbob\n")});
  CHECK(bad.code != 0);
  CHECK(bad.err.find("bad.txt") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(none));
}

TEST_CASE("init-config --transformer checks the folder and writes the transformer settings") {
  TempDir dir;
  namespace train = spanforge::train;
  const std::string folder = train::testing::writeTinyBert(dir.file("tiny-bert"));
  const auto path = dir.file("c.toml");
  // No weights: refused, naming the option and what is missing; nothing written.
  const auto missing = cli({"init-config", path, "--transformer", folder});
  CHECK(missing.code == 1);
  CHECK(missing.err.find("error: --transformer: ") != std::string::npos);
  CHECK(missing.err.find("no model.safetensors") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(path));

  train::testing::writeTinyBertWeights(folder);
  const auto r = cli({"init-config", path, "--transformer", folder});
  REQUIRE(r.code == 0);
  CHECK(r.err.find("Transformer: tiny-bert-cased: BERT, 2 layers, hidden 32") != std::string::npos);
  const train::TrainConfig written = train::loadConfigFile(path);
  CHECK(written.model.encoder == "transformer");
  CHECK(written.model.transformer == std::filesystem::absolute(folder).string());
  CHECK(written.model.dropout == 0.1);
  // The largest batch that fits on a GPU; batch_words on the CPU.
  CHECK(written.training.batchSize == "auto_on_gpu");
  CHECK(cli({"init-config", dir.file("v.toml"), "--transformer", folder, "--vectors", path}).code !=
        0);
}
