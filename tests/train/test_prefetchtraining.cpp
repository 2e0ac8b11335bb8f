// training.prefetch: training with the prefetch thread ends with the same
// weights as without (dropout draws included), each rank is fed its own
// batches in order, and every step reports how long it waited for data.
// First, so that Catch's CHECK replaces glog's (see torchcatch.h).
#include "torchcatch.h"

#include "featurized.h"
#include "model/nermodel.h"
#include "packagecompare.h"
#include "recordingobserver.h"
#include "tempdir.h"
#include "train/batchgradient.h"
#include "train/config/tomlconfig.h"
#include "train/datawaitmeter.h"
#include "train/package/modelpackage.h"
#include "train/trainer.h"
#include "traintestdata.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

using namespace spanforge::train;
using namespace spanforge::train::testing;
using spanforge::testing::TempDir;

namespace {

struct Run {
  std::vector<StepEvent> steps;
  FinishedEvent finished;
};

Run trainRun(const TrainConfig& config, const std::string& out) {
  RecordingObserver obs;
  TrainerOptions options;
  options.observer = &obs;
  Run r;
  r.finished = Trainer(config, head(demoTrain(), 200), head(demoDev(), 60), out, options).run();
  r.steps = obs.all<StepEvent>();
  return r;
}

}  // namespace

TEST_CASE("training.prefetch: the same weights after N steps with it on and off") {
  TempDir dir;
  TrainConfig config = tinyConfig();  // dropout and word dropout draw random numbers
  REQUIRE(config.model.dropout > 0);
  REQUIRE(config.model.wordDropout > 0);
  config.training.accumulateGradient = 2;
  // About 6 steps an epoch: 9 steps cross into the second epoch and stop in
  // its middle, dropping the batches prefetched beyond.
  config.training.maxSteps = 9;
  config.training.evalFrequency = 9;  // the package holds the weights of step 9
  Run runs[2];
  for (int on = 0; on < 2; ++on) {
    config.training.prefetch = on == 1;
    runs[on] = trainRun(config, dir.file(on ? "on" : "off"));
    INFO(runs[on].finished.message);
    REQUIRE(runs[on].finished.reason == FinishReason::MaxSteps);
    REQUIRE(runs[on].steps.size() == 9);
  }
  CHECK(runs[1].steps.back().epoch == 2);
  CHECK(runs[1].steps.front().epoch == 1);
  for (size_t i = 0; i < 9; ++i) {
    INFO("step " << i + 1);
    CHECK(runs[1].steps[i].loss == runs[0].steps[i].loss);  // bit for bit
    CHECK(runs[1].steps[i].batchWords == runs[0].steps[i].batchWords);
  }
  CHECK(maxWeightDifference(dir.file("off"), dir.file("on")) == 0.0);
  CHECK(ModelPackage::load(dir.file("on")).config().training.prefetch);
}

TEST_CASE("training.prefetch: every step reports its data wait, also in its JSON") {
  TempDir dir;
  TrainConfig config = tinyConfig();
  config.training.maxSteps = 5;
  for (bool prefetch : {false, true}) {
    INFO("prefetch " << prefetch);
    config.training.prefetch = prefetch;
    const Run r = trainRun(config, dir.file(prefetch ? "on" : "off"));
    REQUIRE(r.steps.size() == 5);
    for (const StepEvent& s : r.steps) {
      CHECK(s.dataWaitSeconds >= 0.0);
      CHECK(s.dataWaitSeconds < 10.0);
      CHECK(s.dataWaitPercent >= 0.0);
      CHECK(s.dataWaitPercent <= 100.0);
      const nlohmann::json j = s;
      CHECK(j.at("data_wait_seconds").get<double>() == s.dataWaitSeconds);
      CHECK(j.at("data_wait_percent").get<double>() == s.dataWaitPercent);
    }
    // Without the thread, the training thread builds every batch itself.
    if (!prefetch) CHECK(r.steps.front().dataWaitSeconds > 0.0);
  }
}

TEST_CASE("BatchGradient::prefetch feeds a rank its share of every step, in order") {
  const Corpus corpus = head(demoTrain(), 40);
  TrainConfig config = tinyConfig();
  Featurized data(config, corpus);
  BatchGradient gradient(data.model, data.features, data.tags, "cpu", "off");
  // 7 batches, 4 per step on 2 ranks: rank 1 trains batches 1 and 3 of the
  // first step, then batch 5 of the last step's three.
  const std::vector<std::vector<size_t>> epoch = {{0, 1}, {2}, {3, 4}, {5}, {6, 7}, {8}, {9, 10}};
  gradient.prefetch(epoch, 4, 1, 2);
  const BatchGradient::Result first = gradient.add({epoch[1], epoch[3]}, 0.25, false);
  CHECK(first.finite);
  CHECK(first.words == static_cast<int64_t>(data.features[2].length + data.features[5].length));
  CHECK(first.dataWaitSeconds >= 0.0);
  CHECK_THROWS_AS(gradient.add({epoch[4]}, 0.25, false), std::logic_error);  // rank 0's
  // A new epoch starts over; with every batch taken add() builds its own.
  gradient.prefetch(epoch, 4, 0, 2);
  CHECK(gradient.add({epoch[0], epoch[2]}, 0.25, false).finite);
  CHECK(gradient.add({epoch[4], epoch[6]}, 0.25, false).finite);
  CHECK(gradient.add({epoch[1]}, 1.0, false).finite);
  gradient.stopPrefetch();
  CHECK(gradient.add({epoch[3]}, 1.0, false).finite);
}

TEST_CASE("DataWaitMeter: the share of recent step time spent waiting for data") {
  DataWaitMeter meter;
  CHECK(meter.percent() == 0.0);
  meter.add(0.01, 0.1);
  CHECK(meter.percent() == Approx(10.0));
  meter.add(0.0, 0.1);  // decayed sums: 0.009 / 0.19
  CHECK(meter.percent() == Approx(100.0 * 0.009 / 0.19));
  for (int i = 0; i < 200; ++i) meter.add(0.05, 0.1);
  CHECK(meter.percent() == Approx(50.0));  // follows the recent steps
}

TEST_CASE("training.prefetch: a setting init-config writes with its comment") {
  const TrainConfig defaults = defaultConfig();
  const std::string toml = toToml(defaults);
  CHECK(toml.find(std::string("prefetch = ") + (defaults.training.prefetch ? "true" : "false")) !=
        std::string::npos);
  CHECK(toml.find("second thread") != std::string::npos);
  const TrainConfig off = fromToml("[training]\nprefetch = false\n", "c.toml");
  CHECK_FALSE(off.training.prefetch);
  const TrainConfig on = fromToml("[training]\nprefetch = true\n", "c.toml");
  CHECK(on.training.prefetch);
  CHECK(on != off);
  CHECK(fromToml(toToml(off), "c.toml") == off);
}
