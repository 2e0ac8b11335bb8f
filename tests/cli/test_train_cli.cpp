#include "../train/traintestdata.h"
#include "clirunner.h"
#include "slurp.h"
#include "tempdir.h"
#include "train/config/tomlconfig.h"

#include <nlohmann/json.hpp>
#include "catchapi.h"

#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

using spanforge::testing::TempDir;
using namespace spanforge::train::testing;
namespace fs = std::filesystem;

using spanforge::testing::slurp;

namespace {

using Result = spanforge::testing::CliResult;

using spanforge::testing::run;

using spanforge::testing::jsonLines;

// Train and dev files plus a tiny config in `dir`.
struct TrainFiles {
  std::string train, dev, config;
};

TrainFiles makeTrainFiles(const TempDir& dir, int64_t maxSteps = 20) {
  TrainFiles f{dir.file("train.conll"), dir.file("dev.conll"), dir.file("tiny.toml")};
  writeConll(f.train, head(demoTrain(), 200));
  writeConll(f.dev, head(demoDev(), 100));
  auto config = tinyConfig();
  config.training.maxSteps = maxSteps;
  std::ofstream(f.config) << spanforge::train::toToml(config);
  return f;
}

}  // namespace

TEST_CASE("cli train, evaluate and predict end to end") {
  TempDir dir;
  const TrainFiles f = makeTrainFiles(dir);
  const std::string model = dir.file("model");
  const std::string log = dir.file("events.jsonl");
  auto r = run({"train", "--train", f.train, "--dev", f.dev, "--output", model, "--config",
                f.config, "--log-jsonl", log, "--test", f.dev});
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("epoch") != std::string::npos);
  CHECK(r.out.find("words/s") != std::string::npos);
  CHECK(r.out.find("\n    ") != std::string::npos);  // table rows
  CHECK(r.err.find("Train: 200 sentences") != std::string::npos);
  CHECK(r.err.find("Reached the step limit after 20 steps") != std::string::npos);
  const auto events = jsonLines(slurp(log));
  REQUIRE(events.size() == 20 + 2 + 1);
  CHECK(events.front()["event"] == "step");
  CHECK(events.back()["event"] == "finished");
  CHECK(events.back()["reason"] == "max-steps");
  const auto meta = nlohmann::json::parse(slurp(model + "/meta.json"));
  CHECK(r.err.find("Test F1 of the model written") != std::string::npos);
  CHECK(meta["test_f"].get<double>() == meta["dev_f"].get<double>());  // --test was the dev file
  CHECK(meta["metrics"]["test"]["per_label"].contains("person"));

  r = run({"evaluate", model, f.dev, "--json"});
  REQUIRE(r.code == 0);
  const auto j = nlohmann::json::parse(r.out);
  for (const char* k : {"ents_p", "ents_r", "ents_f"}) {
    CHECK(j[k].get<double>() >= 0.0);
    CHECK(j[k].get<double>() <= 1.0);
  }
  CHECK(j["ents_f"].get<double>() == meta["dev_f"].get<double>());
  CHECK(j["words_per_second"].get<double>() > 0);
  REQUIRE(j["per_label"].contains("person"));
  for (const char* k : {"p", "r", "f", "support"}) CHECK(j["per_label"]["person"].contains(k));
  r = run({"evaluate", model, f.dev});
  REQUIRE(r.code == 0);
  CHECK(r.out.find("overall (micro)") != std::string::npos);

  const std::string input = dir.file("in.jsonl");
  std::ofstream(input) << R"({"text":"I met Taylor Swift in 😀 New York","meta":{"id":1}})"
                       << "\n\n"
                       << R"({"tokens":["Barack","Obama","visited","London"]})"
                       << "\n";
  r = run({"predict", model, input, "--output", dir.file("out.jsonl")});
  REQUIRE(r.code == 0);
  const auto out = jsonLines(slurp(dir.file("out.jsonl")));
  REQUIRE(out.size() == 2);
  CHECK(out[0]["meta"]["id"] == 1);
  CHECK(out[0]["tokens"].size() == 8);
  CHECK(out[0]["tokens"][6]["start"] == 24);  // code points: the emoji counts one
  CHECK(out[1]["text"] == "Barack Obama visited London");
  for (const auto& rec : out) {
    REQUIRE(rec["spans"].is_array());
    for (const auto& s : rec["spans"]) {
      CHECK(s["start"].get<int64_t>() < s["end"].get<int64_t>());
      CHECK(s["score"].get<double>() > 0.0);
      CHECK(s["score"].get<double>() <= 1.0);
      CHECK(s.contains("label"));
    }
  }
  r = run({"predict", model, input});
  CHECK(r.code == 0);
  CHECK(jsonLines(r.out).size() == 2);
}

TEST_CASE("cli train from a project, and resume with a new label") {
  TempDir dir;
  const TrainFiles f = makeTrainFiles(dir, 10);
  const std::string proj = dir.file("p.sfproj");
  REQUIRE(run({"init", proj}).code == 0);
  REQUIRE(run({"import", proj, f.train, "--add-labels", "--status", "accepted"}).code == 0);
  auto r = run({"train", proj, "--output", dir.file("a"), "--config", f.config});
  INFO(r.err);
  REQUIRE(r.code == 0);
  // 196 unique texts (the import skips 4 duplicates); dev is round(0.2 * 196).
  CHECK(r.err.find("Dev:   39 sentences") != std::string::npos);

  const std::string more = dir.file("more.conll");
  std::ofstream(more) << "Spanforge\tB-tool\nrocks\tO\n\n";
  auto extra = head(demoTrain(), 50, 200);
  writeConll(dir.file("extra.conll"), extra);
  std::ofstream(more, std::ios::app) << slurp(dir.file("extra.conll"));
  r = run({"train", "--train", more, "--dev", f.dev, "--output", dir.file("b"), "--config",
           f.config, "--resume-from", dir.file("a")});
  INFO(r.err);
  REQUIRE(r.code == 0);
  const auto meta = nlohmann::json::parse(slurp(dir.file("b/meta.json")));
  const auto labels = meta["labels"].get<std::vector<std::string>>();
  CHECK(labels.back() == "tool");
  CHECK(labels.size() == 7);
}

TEST_CASE("cli train, evaluate and predict refuse bad input with exit 1") {
  TempDir dir;
  const TrainFiles f = makeTrainFiles(dir, 10);
  // No data source; both sources; a dev file without entities.
  CHECK(run({"train", "--output", dir.file("m")}).code == 1);
  CHECK(run({"train", dir.file("p"), "--train", f.train, "--dev", f.dev, "--output", "x"}).code ==
        1);
  std::ofstream(dir.file("plain.conll")) << "just\tO\nwords\tO\n\n";
  auto r = run({"train", "--train", f.train, "--dev", dir.file("plain.conll"), "--output",
                dir.file("m"), "--config", f.config});
  CHECK(r.code == 1);
  CHECK(r.err.find("dev data has no entity spans") != std::string::npos);
  r = run({"train", "--train", f.train, "--dev", f.dev, "--output", dir.file("m"), "--config",
           f.config, "--device", "tpu"});
  CHECK(r.code == 1);
  CHECK(r.err.find("device.device") != std::string::npos);
  // Output is a directory with other files: refused before training.
  fs::create_directories(dir.file("docs"));
  std::ofstream(dir.file("docs/keep.txt")) << "x";
  r = run({"train", "--train", f.train, "--dev", f.dev, "--output", dir.file("docs"), "--config",
           f.config});
  CHECK(r.code == 1);
  CHECK(r.err.find("not a model package") != std::string::npos);

  REQUIRE(run({"train", "--train", f.train, "--dev", f.dev, "--output", dir.file("m"), "--config",
               f.config})
              .code == 0);
  fs::remove(dir.file("m/config.toml"));
  r = run({"evaluate", dir.file("m"), f.dev});
  CHECK(r.code == 1);
  CHECK(r.err.find("config.toml") != std::string::npos);
  CHECK(run({"evaluate", dir.file("missing"), f.dev}).code == 1);
  CHECK(run({"predict", dir.file("m")}).code == 1);

  for (const auto& [c, word] :
       {std::pair{"train", "--resume-from"}, std::pair{"evaluate", "DATA_FILE"},
        std::pair{"predict", "MODEL_DIR"}}) {
    CAPTURE(c);
    r = run({c, "--help"});
    CHECK(r.code == 0);
    CHECK(r.out.find(word) != std::string::npos);
  }
}

TEST_CASE("cli predict reports malformed records with their line") {
  TempDir dir;
  const TrainFiles f = makeTrainFiles(dir, 10);
  REQUIRE(run({"train", "--train", f.train, "--dev", f.dev, "--output", dir.file("m"), "--config",
               f.config})
              .code == 0);
  std::ofstream(dir.file("bad.jsonl")) << R"({"text":"fine"})"
                                       << "\n"
                                       << R"({"txt":"x"})"
                                       << "\n";
  auto r = run({"predict", dir.file("m"), dir.file("bad.jsonl")});
  CHECK(r.code == 1);
  CHECK(r.err.find("bad.jsonl:2") != std::string::npos);
  std::ofstream(dir.file("bad2.jsonl")) << R"({"text":"a b","tokens":["a","c"]})"
                                        << "\n";
  r = run({"predict", dir.file("m"), dir.file("bad2.jsonl")});
  CHECK(r.code == 1);
  CHECK(r.err.find("tokens[1]") != std::string::npos);
}

TEST_CASE("cli train with batch_size = auto prints, logs and stores the size it chose") {
  TempDir dir;
  const TrainFiles f = makeTrainFiles(dir, 4);
  auto config = spanforge::train::loadConfigFile(f.config);
  config.training.batchSize = "auto";
  std::ofstream(f.config, std::ios::trunc) << spanforge::train::toToml(config);
  const std::string model = dir.file("model");
  const std::string log = dir.file("events.jsonl");
  const auto r = run({"train", "--train", f.train, "--dev", f.dev, "--output", model, "--config",
                      f.config, "--log-jsonl", log});
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("batch size: auto chose ") != std::string::npos);
  CHECK(r.out.find("256: ") != std::string::npos);
  const auto events = jsonLines(slurp(log));
  REQUIRE(!events.empty());
  REQUIRE(events.front()["event"] == "batch_size");
  const int64_t chosen = events.front()["words"];
  CHECK(spanforge::train::loadConfigFile(model + "/config.toml").training.batchWords == chosen);
}

TEST_CASE("cli evaluate, predict and rank pool an ensemble of seeds with --with") {
  TempDir dir;
  const TrainFiles f = makeTrainFiles(dir);
  auto config = tinyConfig();
  config.training.maxSteps = 60;
  config.training.learningRate = 0.05;  // enough to predict some spans
  for (int seed : {0, 1}) {
    config.training.seed = seed;
    const std::string cfg = dir.file("seed" + std::to_string(seed) + ".toml");
    std::ofstream(cfg) << spanforge::train::toToml(config);
    REQUIRE(run({"train", "--train", f.train, "--dev", f.dev, "--output",
                 dir.file("m" + std::to_string(seed)), "--config", cfg})
                .code == 0);
  }
  const std::string m0 = dir.file("m0"), m1 = dir.file("m1");
  const std::string input = dir.file("in.jsonl");
  {
    std::ofstream out(input);
    const auto dev = head(demoDev(), 40);
    for (const auto& e : dev.examples()) out << nlohmann::json{{"tokens", e.tokens}}.dump() << "\n";
  }
  // A copy of the same model: the ensemble scores exactly what it does alone.
  fs::copy(m0, dir.file("copy"));
  const auto alone = run({"predict", m0, input, "--threads", "1"});
  const auto withCopy = run({"predict", m0, input, "--threads", "1", "--with", dir.file("copy")});
  REQUIRE(alone.code == 0);
  REQUIRE(alone.out.find("\"score\"") != std::string::npos);
  REQUIRE(withCopy.code == 0);
  CHECK(withCopy.out == alone.out);

  auto r = run({"evaluate", m0, f.dev, "--json", "--with", m1});
  INFO(r.err);
  REQUIRE(r.code == 0);
  const double pooled = nlohmann::json::parse(r.out)["ents_f"].get<double>();
  CHECK(pooled >= 0.0);
  // The positional DATA_FILE may follow --with (one directory per --with).
  r = run({"evaluate", m0, "--with", m1, f.dev, "--json"});
  REQUIRE(r.code == 0);
  CHECK(nlohmann::json::parse(r.out)["ents_f"].get<double>() == pooled);
  const auto pooledPredict = run({"predict", m0, input, "--threads", "1", "--with", m1});
  REQUIRE(pooledPredict.code == 0);
  CHECK(pooledPredict.out != alone.out);  // the scores moved

  // The same package twice is refused (other labels or features: test_model).
  r = run({"evaluate", m0, f.dev, "--with", m0});
  CHECK(r.code == 1);
  CHECK(r.err.find("named twice") != std::string::npos);
}

TEST_CASE("cli train calibrates span scores on dev, calibrate refits, evaluate reports ECE") {
  TempDir dir;
  const TrainFiles f = makeTrainFiles(dir);
  auto config = tinyConfig();
  config.training.maxSteps = 60;
  config.training.learningRate = 0.05;
  std::ofstream(f.config) << spanforge::train::toToml(config);
  const std::string model = dir.file("m");
  REQUIRE(
      run({"train", "--train", f.train, "--dev", f.dev, "--output", model, "--config", f.config})
          .code == 0);
  const auto meta = nlohmann::json::parse(slurp(model + "/meta.json"));
  const double fitted = meta["temperature"].get<double>();
  CHECK(fitted > 0.05);
  CHECK(fitted < 20.0);
  CHECK(fitted != 1.0);

  auto r = run({"evaluate", model, f.dev, "--json", "--threads", "1"});
  REQUIRE(r.code == 0);
  auto j = nlohmann::json::parse(r.out);
  const auto& calibration = j["calibration"];
  CHECK(calibration["temperature"].get<double>() == fitted);
  CHECK(calibration["bins"].size() == 10);
  CHECK(calibration["spans"].get<int64_t>() == j["ents_predicted"].get<int64_t>());
  // Both with the fitted and the raw scores (the ECE each gives is a
  // benchmark figure: the fit minimises the gold paths' NLL, not the ECE).
  for (const auto* c : {&calibration, &calibration["uncalibrated"]}) {
    CHECK((*c)["ece"].get<double>() >= 0.0);
    CHECK((*c)["ece"].get<double>() <= 1.0);
  }

  // Back to the raw scores, then calibrate again: the same temperature, and
  // the same spans as before, only their scores differ.
  const std::string input = dir.file("in.jsonl");
  {
    const auto dev = head(demoDev(), 40);
    std::ofstream out(input);
    for (const auto& e : dev.examples()) out << nlohmann::json{{"tokens", e.tokens}}.dump() << "\n";
  }
  const auto calibrated = run({"predict", model, input, "--threads", "1"});
  auto raw = meta;
  raw["temperature"] = 1.0;
  std::ofstream(model + "/meta.json") << raw.dump(2);
  const auto uncalibrated = run({"predict", model, input, "--threads", "1"});
  REQUIRE(uncalibrated.code == 0);
  CHECK(uncalibrated.out != calibrated.out);
  const auto spansOf = [](const std::string& out) {
    std::vector<nlohmann::json> spans;
    for (auto rec : jsonLines(out)) {
      for (auto& s : rec["spans"]) s.erase("score");
      spans.push_back(rec["spans"]);
    }
    return spans;
  };
  CHECK(spansOf(uncalibrated.out) == spansOf(calibrated.out));
  r = run({"calibrate", model, f.dev, "--threads", "1"});
  INFO(r.err);
  REQUIRE(r.code == 0);
  CHECK(r.out.find("temperature 1.000 -> ") != std::string::npos);
  CHECK(nlohmann::json::parse(slurp(model + "/meta.json"))["temperature"].get<double>() ==
        Approx(fitted).epsilon(1e-9));

  // A damaged temperature names the file and the field.
  raw["temperature"] = -2;
  std::ofstream(model + "/meta.json") << raw.dump(2);
  r = run({"evaluate", model, f.dev});
  CHECK(r.code == 1);
  CHECK(r.err.find("meta.json") != std::string::npos);
  CHECK(r.err.find("temperature must be a positive number") != std::string::npos);
}

TEST_CASE(
    "cli train with calibration_share fits the temperature on the dev sentences kept from "
    "selection") {
  TempDir dir;
  const TrainFiles f = makeTrainFiles(dir);  // 100 dev sentences
  auto config = tinyConfig();
  config.training.maxSteps = 60;
  config.training.learningRate = 0.05;
  config.data.calibrationShare = 0.3;
  std::ofstream(f.config) << spanforge::train::toToml(config);
  const std::string model = dir.file("m");
  const auto r =
      run({"train", "--train", f.train, "--dev", f.dev, "--output", model, "--config", f.config});
  INFO(r.err);
  REQUIRE(r.code == 0);
  const auto meta = nlohmann::json::parse(slurp(model + "/meta.json"));
  const double fitted = meta["temperature"].get<double>();
  // The last 30 sentences fitted it: calibrate on them alone and get it again.
  const std::string held = dir.file("held.conll");
  writeConll(held, head(demoDev(), 30, 70));
  const auto again = run({"calibrate", model, held, "--threads", "1"});
  REQUIRE(again.code == 0);
  CHECK(nlohmann::json::parse(slurp(model + "/meta.json"))["temperature"].get<double>() ==
        Approx(fitted).epsilon(1e-9));
  // The whole dev set would have given another one.
  CHECK(run({"calibrate", model, f.dev, "--threads", "1"}).code == 0);
  CHECK(nlohmann::json::parse(slurp(model + "/meta.json"))["temperature"].get<double>() !=
        Approx(fitted).epsilon(1e-6));
}
