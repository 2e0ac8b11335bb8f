#include "../train/traintestdata.h"
#include "clirunner.h"
#include "tempdir.h"
#include "train/config/tomlconfig.h"

#include <nlohmann/json.hpp>
#include "catchapi.h"

#include <filesystem>
#include <fstream>
#include <sstream>

using spanforge::testing::TempDir;
using namespace spanforge::train::testing;

namespace {

using spanforge::testing::run;

std::string tinyPretrainConfig(const TempDir& dir) {
  auto c = tinyConfig();
  c.pretraining.maxSteps = 6;
  c.pretraining.checkpointEvery = 3;
  c.pretraining.batchWords = 300;
  const std::string path = dir.file("tiny.toml");
  std::ofstream(path) << spanforge::train::toToml(c);
  return path;
}

}  // namespace

TEST_CASE("cli pretrain on text files, then train --init-from its folder") {
  TempDir dir;
  const std::string config = tinyPretrainConfig(dir);
  const std::string texts = dir.file("texts.txt");
  {
    std::ofstream out(texts);
    const auto unlabelled = head(demoTrain(), 200, 100);
    for (const auto& e : unlabelled.examples()) {
      for (const auto& t : e.tokens) out << t << ' ';
      out << '\n';
    }
  }
  writeConll(dir.file("train.conll"), head(demoTrain(), 100));
  writeConll(dir.file("dev.conll"), head(demoDev(), 40));

  auto r = run({"pretrain", "--texts", texts, dir.file("dev.conll"), "--output", dir.file("pre"),
                "--config", config});
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("step  epoch  train loss  held-out loss") != std::string::npos);
  CHECK(std::count(r.out.begin(), r.out.end(), '\n') == 3);  // header, steps 3 and 6
  CHECK(r.err.find("Text: 240 documents") != std::string::npos);
  CHECK(r.err.find("train with --init-from") != std::string::npos);
  const auto meta = nlohmann::json::parse(std::ifstream(dir.file("pre/pretrain.json")));
  CHECK(meta["steps"] == 6);

  r = run({"train", "--train", dir.file("train.conll"), "--dev", dir.file("dev.conll"), "--output",
           dir.file("model"), "--config", config, "--init-from", dir.file("pre")});
  INFO(r.err);
  REQUIRE(r.code == 0);
  std::ifstream modelConfig(dir.file("model/config.toml"));
  std::stringstream text;
  text << modelConfig.rdbuf();
  CHECK(text.str().find("pretrained = \"" + dir.file("pre") + "\"") != std::string::npos);

  // --max-steps overrides the config; a project's test documents are left out.
  const std::string proj = dir.file("p.sfproj");
  REQUIRE(run({"init", proj}).code == 0);
  REQUIRE(run({"import", proj, texts, "--texts-only"}).code == 0);
  REQUIRE(run({"import", proj, dir.file("dev.conll"), "--texts-only", "--split", "test"}).code ==
          0);
  r = run({"pretrain", proj, "--output", dir.file("pre2"), "--config", config, "--max-steps", "2"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.err.find("(40 test documents left out)") != std::string::npos);
  CHECK(nlohmann::json::parse(std::ifstream(dir.file("pre2/pretrain.json")))["steps"] == 2);
}

TEST_CASE("cli pretrain and train --init-from refuse bad input with exit 1") {
  TempDir dir;
  const std::string config = tinyPretrainConfig(dir);
  auto r = run({"pretrain", "--output", dir.file("pre")});
  CHECK(r.code == 1);
  CHECK(r.err.find("give a PROJECT or --texts") != std::string::npos);
  std::ofstream(dir.file("few.txt")) << "one line\ntwo lines\n";
  r = run({"pretrain", "--texts", dir.file("few.txt"), "--output", dir.file("pre"), "--config",
           config});
  CHECK(r.code == 1);
  CHECK(r.err.find("too little text to pretrain on: 2 sentence(s)") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir.file("pre")));

  writeConll(dir.file("train.conll"), head(demoTrain(), 100));
  std::filesystem::create_directories(dir.file("empty"));
  r = run({"train", "--train", dir.file("train.conll"), "--dev", dir.file("train.conll"),
           "--output", dir.file("model"), "--config", config, "--init-from", dir.file("empty")});
  CHECK(r.code == 1);
  CHECK(r.err.find("pretrain.json") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(dir.file("model")));
}

TEST_CASE("cli pretrain --resume goes on from the last checkpoint, and refuses another config") {
  TempDir dir;
  const std::string config = tinyPretrainConfig(dir);  // 6 steps, a checkpoint every 3
  const std::string texts = dir.file("texts.txt");
  {
    std::ofstream out(texts);
    const auto unlabelled = head(demoTrain(), 120);
    for (const auto& e : unlabelled.examples()) {
      for (const auto& t : e.tokens) out << t << ' ';
      out << '\n';
    }
  }
  const auto pretrain = [&](const std::string& out, std::vector<std::string> extra) {
    std::vector<std::string> args = {"pretrain", "--texts",  texts, "--output",
                                     out,        "--config", config};
    args.insert(args.end(), extra.begin(), extra.end());
    return run(args);
  };
  const std::string loss = "held-out loss ";
  const auto heldOut = [&](const std::string& err) {
    const size_t at = err.find(loss);
    return at == std::string::npos ? std::string() : err.substr(at + loss.size(), 6);
  };
  auto whole = pretrain(dir.file("whole"), {});
  INFO(whole.err);
  REQUIRE(whole.code == 0);

  // Stopped after 4 steps (as an interrupted run keeps its last checkpoint), then resumed.
  auto r = pretrain(dir.file("pre"), {"--max-steps", "4"});
  REQUIRE(r.code == 0);
  r = pretrain(dir.file("pre"), {"--resume"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.err.find("Resuming " + dir.file("pre") + " after step 4") != std::string::npos);
  CHECK(r.out.find("    6  ") != std::string::npos);  // the checkpoint row of step 6
  CHECK(r.out.find("    3  ") == std::string::npos);  // no step before 4 again
  REQUIRE_FALSE(heldOut(r.err).empty());
  CHECK(heldOut(r.err) == heldOut(whole.err));
  CHECK(nlohmann::json::parse(std::ifstream(dir.file("pre/pretrain.json")))["steps"] == 6);

  // Already as far as the config goes: nothing to do.
  r = pretrain(dir.file("pre"), {"--resume"});
  CHECK(r.code == 0);
  CHECK(r.err.find("pretrained 6 steps already") != std::string::npos);
  CHECK(r.err.find("raise --max-steps") != std::string::npos);

  // Another config: refused, the folder unchanged.
  auto c = tinyConfig();
  c.pretraining.maxSteps = 8;
  c.pretraining.characters = 2;
  std::ofstream(dir.file("other.toml")) << spanforge::train::toToml(c);
  r = run({"pretrain", "--texts", texts, "--output", dir.file("pre"), "--config",
           dir.file("other.toml"), "--resume"});
  CHECK(r.code == 1);
  CHECK(r.err.find("cannot resume: " + dir.file("pre") + " was pretrained with another config: " +
                   "[pretraining] characters = 3, here characters = 2") != std::string::npos);
  CHECK(nlohmann::json::parse(std::ifstream(dir.file("pre/pretrain.json")))["steps"] == 6);

  // Nothing there yet: pretrained from step 0.
  r = pretrain(dir.file("new"), {"--resume"});
  CHECK(r.code == 0);
  CHECK(r.err.find("Nothing to resume") != std::string::npos);
  CHECK(heldOut(r.err) == heldOut(whole.err));
}
