#include "../train/traintestdata.h"
#include "active/alexperiment.h"
#include "active/alsimulationjson.h"
#include "io/inputerror.h"

#include <nlohmann/json.hpp>
#include "catchapi.h"

using namespace spanforge;
using namespace spanforge::active;
using train::testing::demoDev;
using train::testing::demoTrain;
using train::testing::head;
using train::testing::tinyConfig;

TEST_CASE("al experiment: one simulation per seed, reported round by round, then summarised") {
  train::TrainConfig config = tinyConfig();
  config.training.maxSteps = 6;
  AlExperimentOptions options;
  options.simulation.strategies = {Strategy::Margin, Strategy::Random};
  options.simulation.seedFraction = 0.2;
  options.simulation.stepFraction = 0.2;
  options.simulation.rounds = 2;
  options.simulation.threads = 1;
  options.seeds = {0, 5};
  options.fullF1 = 0.5;
  std::vector<std::string> started, ended;
  options.onRoundStart = [&](uint64_t seed, const std::string& curve, int64_t round, int64_t) {
    started.push_back(std::to_string(seed) + curve + std::to_string(round));
  };
  options.onRound = [&](uint64_t seed, const std::string& curve, const AlRound& r) {
    ended.push_back(std::to_string(seed) + curve + std::to_string(r.round));
  };
  AlExperiment experiment(config, head(demoTrain(), 100), head(demoDev(), 40),
                          head(demoDev(), 40, 40), options);
  const AlExperimentResult result = experiment.run();

  CHECK_FALSE(result.cancelled);
  REQUIRE(result.runs.size() == 2);
  CHECK(result.runs[1].seed == 5);
  CHECK(result.points() == 8);  // 2 seeds x 2 strategies x 2 rounds
  const std::vector<std::string> expected{"0seed1", "0margin2", "0random2",
                                          "5seed1", "5margin2", "5random2"};
  CHECK(ended == expected);
  CHECK(started == expected);
  CHECK(result.summary.seeds == 2);
  REQUIRE(result.summary.strategies.size() == 2);
  CHECK(result.summary.strategies[0].points[1].seeds == 2);
  CHECK(*result.summary.fullF1 == 0.5);

  const auto j = nlohmann::json::parse(AlSimulationJson::write(config, options, result));
  CHECK(j["strategies"] == nlohmann::json::array({"margin", "random"}));
  CHECK(j["seeds"] == nlohmann::json::array({0, 5}));
  CHECK(j["budget"]["max_steps"] == 6);
  CHECK(j["full_data_f"] == 0.5);
  CHECK(j["runs"].size() == 2);
  CHECK(j["summary"]["random"]["points"].size() == 2);
  CHECK(j["cancelled"] == false);

  // Read back: the same curves, and the same summary (the given full-data F1).
  const AlExperimentResult back =
      AlSimulationJson::read(AlSimulationJson::write(config, options, result), "run.json");
  REQUIRE(back.runs.size() == 2);
  REQUIRE(back.runs[0].curves.size() == 2);
  CHECK(back.runs[0].curves[0].strategy == Strategy::Margin);  // file order, not sorted
  CHECK(back.runs[1].curves[1].rounds[1].test.f1 == result.runs[1].curves[1].rounds[1].test.f1);
  CHECK(back.runs[1].curves[1].rounds[1].sentences == result.runs[1].curves[1].rounds[1].sentences);
  REQUIRE(back.summary.fullF1);
  CHECK(*back.summary.fullF1 == 0.5);
  CHECK(back.summary.strategies[1].points[1].meanF1 ==
        Approx(result.summary.strategies[1].points[1].meanF1));
}

TEST_CASE("al experiment: the full-data training is trained once and shared by every seed") {
  train::TrainConfig config = tinyConfig();
  config.training.maxSteps = 4;
  AlExperimentOptions options;
  options.simulation.strategies = {Strategy::Random};
  options.simulation.seedFraction = 0.3;
  options.simulation.stepFraction = 0.3;
  options.simulation.rounds = 1;
  options.simulation.threads = 1;
  options.simulation.fullData = true;
  options.seeds = {0, 1, 2};
  int fullStarted = 0;
  std::vector<uint64_t> fullEnded;
  options.onRoundStart = [&](uint64_t, const std::string& curve, int64_t, int64_t) {
    fullStarted += curve == kFullDataCurve ? 1 : 0;
  };
  options.onRound = [&](uint64_t seed, const std::string& curve, const AlRound&) {
    if (curve == kFullDataCurve) fullEnded.push_back(seed);
  };
  const AlExperimentResult result = AlExperiment(config, head(demoTrain(), 60), head(demoDev(), 30),
                                                 head(demoDev(), 30, 30), options)
                                        .run();

  REQUIRE(result.runs.size() == 3);
  CHECK(fullStarted == 1);
  CHECK(fullEnded == std::vector<uint64_t>{0, 1, 2});  // every seed reports it
  for (const auto& run : result.runs) {
    REQUIRE(run.fullData);
    CHECK(run.fullData->test.f1 == result.runs[0].fullData->test.f1);
    CHECK(run.fullData->sentences == 60);
  }
  REQUIRE(result.summary.fullF1);
  CHECK(*result.summary.fullF1 == result.runs[0].fullData->test.f1);
}

TEST_CASE("al simulation json: what is wrong, and where") {
  auto message = [](const std::string& text) {
    try {
      AlSimulationJson::read(text, "saved.json");
    } catch (const io::InputError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  CHECK(message("{").find("saved.json") == 0);
  CHECK(message("{}").find("runs: missing") != std::string::npos);
  CHECK(message(R"({"runs": [{"curves": {"best": []}}]})")
            .find("runs[0].curves.best: unknown "
                  "strategy") != std::string::npos);
  CHECK(message(R"({"runs": [{"curves": {"lc": [{"round": 1}]}}]})")
            .find("runs[0].curves.lc[0]: a round needs") != std::string::npos);
  const auto ok = AlSimulationJson::read(R"({"runs": [{"seed": 2, "curves": {"lc": [{"round": 1,
      "fraction": 0.1, "sentences": 5, "f": 0.25}]}}]})",
                                         "saved.json");
  CHECK(ok.runs[0].seed == 2);
  CHECK(ok.summary.strategies[0].points[0].meanF1 == 0.25);
  CHECK_FALSE(ok.summary.fullF1);
}

TEST_CASE("al experiment: no seeds is refused") {
  AlExperimentOptions options;
  options.seeds.clear();
  CHECK_THROWS_AS(AlExperiment(tinyConfig(), head(demoTrain(), 20), head(demoDev(), 10),
                               head(demoDev(), 10, 10), options),
                  std::invalid_argument);
}
