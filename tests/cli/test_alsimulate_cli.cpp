// spanforge-cli al-simulate: learning curves, shared seed rounds, every
// strategy, pretraining, --retrain, bad settings and --resume.
#include "../train/traintestdata.h"
#include "clidatafiles.h"
#include "clirunner.h"
#include "tempdir.h"
#include "train/config/tomlconfig.h"

#include <nlohmann/json.hpp>
#include "catchapi.h"
#include "io/removetree.h"

#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>

using spanforge::testing::TempDir;
using namespace spanforge::train::testing;

namespace {

using Files = spanforge::testing::CliDataFiles;
using spanforge::testing::makeFiles;

using spanforge::testing::run;

}  // namespace

TEST_CASE("cli al-simulate reports a learning curve") {
  TempDir dir;
  const Files f = makeFiles(dir, 10);
  auto r = run({"al-simulate", "--train",  f.train,  "--dev",           f.dev,    "--test",
                f.test,        "--config", f.config, "--seed-fraction", "0.1",    "--step-fraction",
                "0.1",         "--rounds", "2",      "--strategy",      "margin", "--full-f1",
                "0.5",         "--json"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["strategies"] == nlohmann::json::array({"margin"}));
  CHECK(j["seeds"] == nlohmann::json::array({0}));
  CHECK(j["pool_sentences"] == 200);
  CHECK(j["seed_sentences"] == 20);
  CHECK(j["step_sentences"] == 20);
  CHECK(j["budget"]["max_steps"] == 10);
  CHECK(j["budget"]["max_minutes"] == 0.0);
  CHECK(j["full_data_f"] == 0.5);
  REQUIRE(j["runs"].size() == 1);
  CHECK(j["runs"][0]["full_data"].is_null());  // --full-f1 given: no full-data training
  const auto& rounds = j["runs"][0]["curves"]["margin"];
  REQUIRE(rounds.size() == 2);
  CHECK(rounds[0]["sentences"] == 20);
  CHECK(rounds[0]["fraction"].get<double>() == Approx(0.1));
  CHECK(rounds[1]["sentences"] == 40);
  CHECK(rounds[1]["fraction"].get<double>() == Approx(0.2));
  for (const auto& round : rounds) {
    for (const char* k : {"p", "r", "f"}) {
      CHECK(round[k].get<double>() >= 0.0);
      CHECK(round[k].get<double>() <= 1.0);
    }
    CHECK(round["steps"].get<int64_t>() > 0);
  }
  // One seed: the summary is that seed's curve, with no spread.
  const auto& points = j["summary"]["margin"]["points"];
  REQUIRE(points.size() == 2);
  CHECK(points[1]["f_mean"] == rounds[1]["f"]);
  CHECK(points[1]["f_sd"] == 0.0);
  CHECK(points[1]["seeds"] == 1);
  CHECK(r.err.find("Seed 0, margin round 2: training on 40 sentences") != std::string::npos);
  // With --json the log gives each round's result as it ends.
  char logged[64];
  std::snprintf(logged, sizeof logged, "Seed 0, margin round 2: test F1 %.2f",
                100.0 * rounds[1]["f"].get<double>());
  CHECK(r.err.find(logged) != std::string::npos);

  r = run({"al-simulate", "--train", f.train, "--dev", f.dev, "--test", f.test, "--config",
           f.config, "--seed-fraction", "0.45", "--step-fraction", "0.45", "--strategy", "random",
           "--models-dir", dir.file("rounds")});
  INFO(r.err);
  REQUIRE(r.code == 0);
  INFO(r.out);
  CHECK(r.out.find("seed  curve    round  labelled  sentences  test P") != std::string::npos);
  // 90, 180, then the last 20: the pool is used up after three rounds.
  CHECK(r.out.find("random       3    100.0%        200") != std::string::npos);
  CHECK(r.out.find("full         0    100.0%        200") != std::string::npos);
  CHECK(r.out.find("Labels needed for 95% / 99% of full-data F1:") != std::string::npos);
  for (const char* d : {"rounds/round-1/meta.json", "rounds/random/round-3/meta.json",
                        "rounds/full-data/meta.json"})
    CHECK(std::ifstream(dir.file(d)).good());
  const auto meta =
      nlohmann::json::parse(std::ifstream(dir.file("rounds/random/round-2/meta.json")));
  CHECK(meta["training"]["resumed_from"] == "");  // each round afresh unless --retrain warm
}

// Sentences a tiny model learns in a few steps ("Anna flew to Oslo ."), so
// that equal scores across runs mean something.
void writeEasyConll(const std::string& path, int count, int offset) {
  const char* names[] = {"Anna", "Boris", "Chen", "Dara", "Emil", "Fatima", "Goran", "Hana"};
  const char* cities[] = {"Oslo", "Lima", "Quito", "Perth", "Dakar", "Riga", "Hanoi"};
  const char* verbs[] = {"flew", "drove", "moved", "walked"};
  std::ofstream out(path);
  for (int i = offset; i < offset + count; ++i) {
    out << names[i % 8] << "\tB-person\n"
        << verbs[(i / 8) % 4] << "\tO\nto\tO\n"
        << cities[(i / 3) % 7] << "\tB-location\n.\tO\n\n";
  }
}

// A pool of `pool` easy sentences, dev and test a fifth of it each, and a
// tiny config that trains `maxSteps` steps at a rate they are learnt with.
Files easyFiles(const TempDir& dir, int pool, int64_t maxSteps) {
  const Files f = makeFiles(dir, maxSteps);
  writeEasyConll(f.train, pool, 0);
  writeEasyConll(f.dev, pool / 5, pool);
  writeEasyConll(f.test, pool / 5, pool + pool / 5);
  auto config = tinyConfig();
  config.training.learningRate = 0.03;
  config.training.maxSteps = maxSteps;
  std::ofstream(f.config) << spanforge::train::toToml(config);
  return f;
}

// al-simulate on `f` as JSON: a 20% seed round, then `rounds` rounds of 10% each.
std::vector<std::string> simulateArgs(const Files& f, const std::string& strategies,
                                      const std::string& rounds,
                                      const std::vector<std::string>& more = {}) {
  std::vector<std::string> args{
      "al-simulate",     "--train", f.train,           "--dev",      f.dev,      "--test",   f.test,
      "--config",        f.config,  "--json",          "--strategy", strategies, "--rounds", rounds,
      "--seed-fraction", "0.2",     "--step-fraction", "0.1"};
  args.insert(args.end(), more.begin(), more.end());
  return args;
}

TEST_CASE("cli al-simulate starts every strategy from one seed round and repeats exactly") {
  TempDir dir;
  const Files f = easyFiles(dir, 200, 10);
  const std::vector<std::string> args = simulateArgs(f, "lc,random", "2", {"--seed", "3,4"});
  const auto a = run(args);
  INFO(a.err);
  REQUIRE(a.code == 0);
  const auto j = nlohmann::json::parse(a.out);
  CHECK(j["strategies"] == nlohmann::json::array({"lc", "random"}));
  REQUIRE(j["runs"].size() == 2);
  for (const auto& seedRun : j["runs"]) {
    const auto& lc = seedRun["curves"]["lc"];
    const auto& random = seedRun["curves"]["random"];
    REQUIRE(lc.size() == 2);
    REQUIRE(random.size() == 2);
    // The seed round is trained once: the same model, the same scores.
    CHECK(lc[0]["f"] == random[0]["f"]);
    CHECK(lc[0]["steps"] == random[0]["steps"]);
    CHECK(seedRun["full_data"]["sentences"] == 200);
    CHECK(seedRun["full_data"]["fraction"] == 1.0);
  }
  // Two seeds: the summary's mean and spread are the two runs'.
  const double f0 = j["runs"][0]["curves"]["lc"][1]["f"];
  const double f1 = j["runs"][1]["curves"]["lc"][1]["f"];
  const auto& point = j["summary"]["lc"]["points"][1];
  CHECK(point["seeds"] == 2);
  CHECK(point["f_mean"].get<double>() == Approx((f0 + f1) / 2));
  CHECK(point["f_sd"].get<double>() == Approx(std::abs(f0 - f1) / std::sqrt(2.0)).margin(1e-12));
  const double full = (j["runs"][0]["full_data"]["f"].get<double>() +
                       j["runs"][1]["full_data"]["f"].get<double>()) /
                      2;
  CHECK(j["full_data_f"].get<double>() == Approx(full));
  CHECK(full > 0.0);

  // Steps, not seconds, end each training: a second run gives the same curves.
  const auto b = run(args);
  REQUIRE(b.code == 0);
  const auto k = nlohmann::json::parse(b.out);
  for (size_t s = 0; s < 2; ++s)
    for (const char* curve : {"lc", "random"})
      for (size_t i = 0; i < 2; ++i) {
        CHECK(k["runs"][s]["curves"][curve][i]["f"] == j["runs"][s]["curves"][curve][i]["f"]);
        CHECK(k["runs"][s]["curves"][curve][i]["sentences"] ==
              j["runs"][s]["curves"][curve][i]["sentences"]);
      }
}

TEST_CASE("cli al-simulate runs the rare-label and spread-batch strategies like the others") {
  TempDir dir;
  const Files f = makeFiles(dir, 10);  // WNUT-17 sentences: six labels, seldom alike
  const std::vector<std::string> args = simulateArgs(f, "margin,rare,spread", "2");
  const auto a = run(args);
  INFO(a.err);
  REQUIRE(a.code == 0);
  const auto j = nlohmann::json::parse(a.out);
  CHECK(j["strategies"] == nlohmann::json::array({"margin", "rare", "spread"}));
  const auto& curves = j["runs"][0]["curves"];
  for (const char* s : {"margin", "rare", "spread"}) {
    REQUIRE(curves[s].size() == 2);
    CHECK(curves[s][0]["f"] == curves["margin"][0]["f"]);  // one seed round
    CHECK(curves[s][1]["sentences"] == 60);
  }
  // Deterministic like the others.
  const auto b = nlohmann::json::parse(run(args).out);
  for (const char* s : {"rare", "spread"})
    CHECK(b["runs"][0]["curves"][s][1]["f"] == curves[s][1]["f"]);
}

namespace {
// WNUT-17 files and a config with short trainings and a 3-step pretraining.
Files pretrainingFiles(const TempDir& dir) {
  const Files f = makeFiles(dir, 6);
  auto config = tinyConfig();
  config.training.maxSteps = 6;
  config.pretraining.maxSteps = 3;
  config.pretraining.batchWords = 300;
  std::ofstream(f.config) << spanforge::train::toToml(config);
  return f;
}

std::string fileText(const std::string& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}
}  // namespace

TEST_CASE("cli al-simulate --pretrain starts the seed round from weights pretrained on the pool") {
  TempDir dir;
  const Files f = pretrainingFiles(dir);
  const auto r =
      run({"al-simulate", "--train", f.train, "--dev", f.dev, "--test", f.test, "--config",
           f.config, "--rounds", "2", "--seed-fraction", "0.2", "--step-fraction", "0.1",
           "--pretrain", "--json", "--models-dir", dir.file("m")});
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.err.find("Pretraining on 260 sentences of the pool and dev set") != std::string::npos);
  CHECK(r.err.find("Pretrained 3 steps") != std::string::npos);
  const auto j = nlohmann::json::parse(r.out);
  CHECK(j["pretrained"] == true);
  CHECK(j["retrain"] == "pretrained");  // every round afresh from the pretraining by default
  CHECK(std::ifstream(dir.file("m/pretrained/pretrain.json")).good());
  for (const char* package : {"m/round-1/config.toml", "m/full-data/config.toml"}) {
    INFO(package);
    CHECK(fileText(dir.file(package)).find("pretrained = \"" + dir.file("m/pretrained") + "\"") !=
          std::string::npos);
  }
}

TEST_CASE("cli al-simulate --resume reuses a finished pretraining, resumes an unfinished one") {
  TempDir dir;
  const Files f = pretrainingFiles(dir);
  const std::vector<std::string> args = {
      "al-simulate",  "--train",         f.train,  "--dev",
      f.dev,          "--test",          f.test,   "--config",
      f.config,       "--rounds",        "2",      "--seed-fraction",
      "0.2",          "--step-fraction", "0.1",    "--pretrain",
      "--models-dir", dir.file("m"),     "--json", "--resume"};
  const auto first = run(args);
  INFO(first.err);
  REQUIRE(first.code == 0);
  CHECK(first.err.find("Pretrained 3 steps") != std::string::npos);

  const auto second = run(args);
  INFO(second.err);
  REQUIRE(second.code == 0);
  CHECK(second.err.find("Pretraining on") == std::string::npos);
  CHECK(second.err.find("Pretraining: reused the weights kept by an earlier run (3 steps") !=
        std::string::npos);
  // Its rounds start from the same weights, so they are reused too.
  CHECK(second.err.find("Seed 0, seed round 1: reused") != std::string::npos);
  const auto a = nlohmann::json::parse(first.out)["runs"][0]["curves"]["lc"];
  const auto b = nlohmann::json::parse(second.out)["runs"][0]["curves"]["lc"];
  REQUIRE(b.size() == a.size());
  for (size_t i = 0; i < a.size(); ++i) {
    CHECK(b[i]["f"] == a[i]["f"]);
    CHECK(b[i]["steps"] == a[i]["steps"]);
  }

  // A pretraining that did not finish (a checkpoint on the way) goes on from there.
  const std::string meta = dir.file("m/pretrained/pretrain.json");
  auto j = nlohmann::json::parse(fileText(meta));
  j["finished"] = false;
  std::ofstream(meta) << j.dump();
  const auto third = run(args);
  REQUIRE(third.code == 0);
  CHECK(third.err.find("Pretrained 3 steps") != std::string::npos);
  CHECK(third.err.find("resumed after step 3") != std::string::npos);
  CHECK(third.err.find("reused the weights") == std::string::npos);

  // More pretraining steps: the kept pretraining goes on to them, and every
  // round is trained again from its new weights.
  auto config = spanforge::train::loadConfigFile(f.config);
  config.pretraining.maxSteps = 4;
  std::ofstream(f.config) << spanforge::train::toToml(config);
  const auto fourth = run(args);
  INFO(fourth.err);
  REQUIRE(fourth.code == 0);
  CHECK(fourth.err.find("Pretrained 4 steps") != std::string::npos);
  CHECK(fourth.err.find("resumed after step 3") != std::string::npos);
  CHECK(fourth.err.find("reused") == std::string::npos);

  // Another pretraining config: pretrained again from step 0.
  config.pretraining.maskRate = 0.2;
  std::ofstream(f.config) << spanforge::train::toToml(config);
  const auto fifth = run(args);
  INFO(fifth.err);
  REQUIRE(fifth.code == 0);
  CHECK(fifth.err.find("Pretrained 4 steps") != std::string::npos);
  CHECK(fifth.err.find("resumed") == std::string::npos);
  CHECK(fifth.err.find("reused") == std::string::npos);
}

TEST_CASE("cli al-simulate --retrain starts each round warm, from scratch or from pretraining") {
  TempDir dir;
  const Files f = pretrainingFiles(dir);
  const auto simulate = [&](const std::string& retrain) {
    const std::string models = dir.file(retrain);
    auto r = run(simulateArgs(f, "lc", "3", {"--retrain", retrain, "--models-dir", models}));
    INFO(r.err);
    REQUIRE(r.code == 0);
    CHECK(nlohmann::json::parse(r.out)["retrain"] == retrain);
    return nlohmann::json::parse(fileText(models + "/lc/round-3/meta.json"))["training"];
  };
  // Warm: round 3 continues round 2, which continued the seed round.
  CHECK(simulate("warm")["resumed_from"] == dir.file("warm/lc/round-2"));
  // Scratch: no round continues another, and none starts from pretrained weights.
  CHECK(simulate("scratch")["resumed_from"] == "");
  CHECK(fileText(dir.file("scratch/lc/round-3/config.toml")).find("pretrained = \"\"") !=
        std::string::npos);
  // Pretrained: pretrains once; every round starts afresh from those weights.
  CHECK(simulate("pretrained")["resumed_from"] == "");
  CHECK(std::ifstream(dir.file("pretrained/pretrained/pretrain.json")).good());
  CHECK(fileText(dir.file("pretrained/lc/round-3/config.toml"))
            .find("pretrained = \"" + dir.file("pretrained/pretrained") + "\"") !=
        std::string::npos);

  // Scratch cannot start from pretrained weights: refused before anything trains.
  const auto r = run(simulateArgs(f, "lc", "2", {"--retrain", "scratch", "--pretrain"}));
  CHECK(r.code == 1);
  CHECK(r.err.find("--retrain scratch starts every round from random weights") !=
        std::string::npos);
  CHECK(run(simulateArgs(f, "lc", "2", {"--retrain", "cold"})).code == 1);
}

TEST_CASE("cli al-simulate refuses bad settings with exit 1") {
  TempDir dir;
  const Files f = makeFiles(dir, 10);
  auto r = run({"al-simulate", "--train", f.train, "--dev", f.dev, "--test", f.test,
                "--seed-fraction", "0"});
  CHECK(r.code == 1);
  CHECK(r.err.find("--seed-fraction must be more than 0") != std::string::npos);
  // Two seed sentences: fewer than data.min_examples.
  r = run({"al-simulate", "--train", f.train, "--dev", f.dev, "--test", f.test, "--config",
           f.config, "--seed-fraction", "0.01"});
  CHECK(r.code == 1);
  CHECK(r.err.find("the seed share (1.0% of the pool's 200 sentences) is 2 sentences; training "
                   "needs at least 10 (data.min_examples): raise the seed share to at least "
                   "4.8%") != std::string::npos);
  r = run({"al-simulate", "--train", f.train, "--dev", f.dev});
  CHECK(r.code == 1);  // --test is required
  r = run(
      {"al-simulate", "--train", f.train, "--dev", f.dev, "--test", f.test, "--strategy", "best"});
  CHECK(r.code == 1);
  r = run({"al-simulate", "--train", f.train, "--dev", f.dev, "--test", f.test, "--strategy",
           "lc,best"});
  CHECK(r.code == 1);
  r = run({"al-simulate", "--train", f.train, "--dev", f.dev, "--test", f.test, "--full-f1", "0"});
  CHECK(r.code == 1);
  CHECK(r.err.find("--full-f1 must be more than 0") != std::string::npos);
  r = run(
      {"al-simulate", "--train", f.train, "--dev", f.dev, "--test", f.test, "--max-steps", "0"});
  CHECK(r.code == 1);
  r = run({"al-simulate", "--help"});
  CHECK(r.code == 0);
  CHECK(r.out.find("--step-fraction") != std::string::npos);
}

TEST_CASE("cli al-simulate --resume continues from the packages an earlier run kept") {
  TempDir dir;
  const Files f = easyFiles(dir, 120, 8);
  auto config = spanforge::train::loadConfigFile(f.config);
  const std::string kept = dir.file("kept");
  std::vector<std::string> args =
      simulateArgs(f, "lc,random", "3", {"--full-f1", "0.9", "--models-dir", kept});
  const auto first = run(args);
  INFO(first.err);
  REQUIRE(first.code == 0);
  CHECK(first.err.find("reused") == std::string::npos);

  // An interruption lost the last lc round: it alone is trained again (the
  // rounds log, which would stand for it, is gone too: see the next test).
  spanforge::io::removeTree(kept + "/lc/round-3");
  std::remove((kept + "/rounds.jsonl").c_str());
  args.push_back("--resume");
  const auto second = run(args);
  INFO(second.err);
  REQUIRE(second.code == 0);
  CHECK(second.err.find("Seed 0, seed round 1: reused the package kept by an earlier run") !=
        std::string::npos);
  CHECK(second.err.find("lc round 2: reused") != std::string::npos);
  CHECK(second.err.find("lc round 2: training") == std::string::npos);
  CHECK(second.err.find("lc round 3: training on 48 sentences") != std::string::npos);
  CHECK(second.err.find("lc round 3: reused") == std::string::npos);
  CHECK(second.err.find("random round 3: reused") != std::string::npos);
  const auto a = nlohmann::json::parse(first.out);
  const auto b = nlohmann::json::parse(second.out);
  for (const char* curve : {"lc", "random"})
    for (size_t i = 0; i < 3; ++i) {
      INFO(curve << " round " << i + 1);
      CHECK(b["runs"][0]["curves"][curve][i]["f"] == a["runs"][0]["curves"][curve][i]["f"]);
      CHECK(b["runs"][0]["curves"][curve][i]["steps"] == a["runs"][0]["curves"][curve][i]["steps"]);
    }

  // Another config is another experiment: nothing is reused.
  config.training.maxSteps = 9;
  std::ofstream(f.config) << spanforge::train::toToml(config);
  const auto third = run(args);
  REQUIRE(third.code == 0);
  CHECK(third.err.find("reused") == std::string::npos);

  const auto noDir =
      run({"al-simulate", "--train", f.train, "--dev", f.dev, "--test", f.test, "--resume"});
  CHECK(noDir.code != 0);
  CHECK(noDir.err.find("--resume needs --models-dir") != std::string::npos);
}

TEST_CASE("cli al-simulate --resume takes rounds afresh from rounds.jsonl when packages are gone") {
  TempDir dir;
  const Files f = easyFiles(dir, 120, 8);
  const std::string kept = dir.file("kept");
  std::vector<std::string> args = simulateArgs(f, "lc,random", "3", {"--models-dir", kept});
  const auto first = run(args);
  INFO(first.err);
  REQUIRE(first.code == 0);
  // Another machine: only the log came along.
  for (const char* d : {"round-1", "lc", "random", "full-data"})
    spanforge::io::removeTree(kept + "/" + d);
  REQUIRE(std::ifstream(kept + "/rounds.jsonl").good());
  args.push_back("--resume");
  const auto second = run(args);
  INFO(second.err);
  REQUIRE(second.code == 0);
  CHECK(second.err.find("training on") == std::string::npos);
  CHECK(second.err.find("Seed 0, seed round 1: taken from the rounds log") != std::string::npos);
  CHECK(second.err.find("lc round 3: taken from the rounds log") != std::string::npos);
  CHECK(second.err.find("Seed 0, full: taken from the rounds log") != std::string::npos);
  const auto a = nlohmann::json::parse(first.out);
  const auto b = nlohmann::json::parse(second.out);
  CHECK(b["full_data_f"] == a["full_data_f"]);
  for (const char* curve : {"lc", "random"})
    for (size_t i = 0; i < 3; ++i) {
      INFO(curve << " round " << i + 1);
      for (const char* k : {"f", "steps", "sentences", "words"})
        CHECK(b["runs"][0]["curves"][curve][i][k] == a["runs"][0]["curves"][curve][i][k]);
    }

  // A log cut short after lc's round 2: round 3 is trained again on the same sentences.
  std::ifstream in(kept + "/rounds.jsonl");
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);)
    if (line.find("\"curve\":\"lc\",\"round\":3") == std::string::npos) lines.push_back(line);
  in.close();
  std::ofstream(kept + "/rounds.jsonl") << [&] {
    std::string text;
    for (const auto& l : lines) text += l + "\n";
    return text + "{\"experiment\":";  // and a torn line
  }();
  const auto third = run(args);
  INFO(third.err);
  REQUIRE(third.code == 0);
  CHECK(third.err.find("lc round 3: training on 48 sentences") != std::string::npos);
  CHECK(third.err.find("lc round 2: taken from the rounds log") != std::string::npos);
  const auto c = nlohmann::json::parse(third.out);
  CHECK(c["runs"][0]["curves"]["lc"][2]["f"] == a["runs"][0]["curves"]["lc"][2]["f"]);

  // Warm rounds need the previous round's weights: the log alone does not do.
  args = simulateArgs(f, "lc", "2", {"--models-dir", dir.file("warm"), "--retrain", "warm"});
  REQUIRE(run(args).code == 0);
  spanforge::io::removeTree(dir.file("warm") + "/lc");
  args.push_back("--resume");
  const auto warm = run(args);
  CHECK(warm.code == 0);
  CHECK(warm.err.find("lc round 2: training on") != std::string::npos);
}
