#include "train/batchsizeschedule.h"
#include "train/learningrateschedule.h"
#include "train/progressestimate.h"
#include "train/throughputmeter.h"

#include "catchapi.h"

#include <cmath>

using namespace spanforge::train;

TEST_CASE("learning rate: warm-up rises linearly from 0, then stays without decay") {
  TrainingSettings s;
  s.learningRate = 0.01;
  s.warmupSteps = 4;
  const LearningRateSchedule lr(s);
  CHECK(lr.at(1) == Approx(0.0025));
  CHECK(lr.at(2) == Approx(0.005));
  CHECK(lr.at(4) == Approx(0.01));
  CHECK(lr.at(5) == Approx(0.01));
  CHECK(lr.at(100000) == Approx(0.01));
  CHECK(lr.at(0) == lr.at(1));  // steps are 1-based
}

TEST_CASE("learning rate: linear decay reaches the floor after decay_steps") {
  TrainingSettings s;
  s.learningRate = 0.01;
  s.warmupSteps = 10;
  s.lrDecay = "linear";
  s.decaySteps = 100;
  s.minLearningRate = 0.002;
  const LearningRateSchedule lr(s);
  CHECK(lr.at(10) == Approx(0.01));
  CHECK(lr.at(60) == Approx(0.006));  // t = 50: halfway from 0.01 to 0.002
  CHECK(lr.at(110) == Approx(0.002));
  CHECK(lr.at(5000) == Approx(0.002));
}

TEST_CASE("learning rate: inverse square root and exponential decay, floored") {
  TrainingSettings s;
  s.learningRate = 0.01;
  s.lrDecay = "inverse_sqrt";
  s.decaySteps = 100;
  const LearningRateSchedule inv(s);
  CHECK(inv.at(50) == Approx(0.01));    // t <= decay_steps: full rate
  CHECK(inv.at(400) == Approx(0.005));  // sqrt(100 / 400)
  s.lrDecay = "exponential";
  s.decayRate = 0.5;
  const LearningRateSchedule ex(s);
  CHECK(ex.at(100) == Approx(0.005));
  CHECK(ex.at(200) == Approx(0.0025));
  CHECK(ex.at(50) == Approx(0.01 * std::sqrt(0.5)));
  s.minLearningRate = 0.004;
  CHECK(LearningRateSchedule(s).at(200) == Approx(0.004));
}

TEST_CASE("batch size: fixed, or compounding from start to stop") {
  TrainingSettings s;
  s.batchWords = 750;
  CHECK(BatchSizeSchedule(s).at(1) == 750);
  CHECK(BatchSizeSchedule(s).at(99) == 750);
  s.batchSize = "compounding";
  s.batchStart = 100;
  s.batchStop = 1000;
  s.batchCompound = 1.5;
  const BatchSizeSchedule c(s);
  CHECK(c.at(1) == 100);
  CHECK(c.at(2) == 150);
  CHECK(c.at(3) == 225);
  CHECK(c.at(7) == 1000);  // 100 * 1.5^6 = 1139 -> capped
  CHECK(c.at(1000000) == 1000);
}

TEST_CASE("throughput meter follows recent steps") {
  ThroughputMeter m;
  CHECK(m.wordsPerSecond() == 0.0);
  m.add(1000, 1.0);
  CHECK(m.wordsPerSecond() == Approx(1000));
  for (int i = 0; i < 200; ++i) m.add(500, 0.1);
  CHECK(m.wordsPerSecond() == Approx(5000).epsilon(0.01));
}

TEST_CASE("progress and ETA towards the nearest limit") {
  TrainingSettings s;
  s.maxSteps = 0;
  s.maxEpochs = 0;
  s.maxMinutes = 0;
  CHECK(ProgressEstimate::of(s, 10, 1.0, 5.0).progress == -1.0);
  CHECK(ProgressEstimate::of(s, 10, 1.0, 5.0).etaSeconds == -1.0);
  s.maxSteps = 100;
  s.maxEpochs = 4;
  auto p = ProgressEstimate::of(s, 10, 2.0, 30.0);  // epochs are further along
  CHECK(p.progress == Approx(0.5));
  CHECK(p.etaSeconds == Approx(30.0));
  s.maxMinutes = 1;
  p = ProgressEstimate::of(s, 10, 0.1, 45.0);
  CHECK(p.progress == Approx(0.75));
  CHECK(p.etaSeconds == Approx(15.0));
}
