#include "train/config/trainconfig.h"
#include "train/stopforecast.h"

#include "catchapi.h"

using spanforge::train::StopForecast;
using spanforge::train::TrainingSettings;

TEST_CASE("stop forecast: early stopping's step, max_steps when nearer, time at the pace") {
  TrainingSettings s;
  s.patience = 10;
  s.evalFrequency = 100;
  s.maxSteps = 20000;
  // Before any evaluation: the first (step 100) is the best, plus 10 more.
  StopForecast f = StopForecast::of(s, 50, 0, 25.0);
  CHECK(f.step == 1100);
  CHECK(f.byPatience);
  CHECK(f.seconds == Approx(525.0));  // 1,050 steps at 0.5 s
  // The best so far at step 2,300: patience runs out at 3,300.
  f = StopForecast::of(s, 2500, 2300, 1250.0);
  CHECK(f.step == 3300);
  CHECK(f.seconds == Approx(400.0));
  // max_steps nearer.
  s.maxSteps = 3000;
  f = StopForecast::of(s, 2500, 2300, 1250.0);
  CHECK(f.step == 3000);
  CHECK_FALSE(f.byPatience);
  // No patience: max_steps; neither: unbounded.
  s.patience = 0;
  CHECK(StopForecast::of(s, 10, 0, 1.0).step == 3000);
  s.maxSteps = 0;
  f = StopForecast::of(s, 10, 0, 1.0);
  CHECK(f.step == -1);
  CHECK(f.seconds == -1.0);
  // Before the first step no pace is known.
  s.patience = 5;
  CHECK(StopForecast::of(s, 0, 0, 0.0).seconds == -1.0);
}

TEST_CASE("stop forecast: max_minutes when it comes first") {
  TrainingSettings s;
  s.patience = 10;
  s.evalFrequency = 100;
  s.maxSteps = 20000;
  s.maxMinutes = 2.0;
  // Early stopping at step 1,100 would take 525 s more; the cap leaves 95 s,
  // in which the run reaches step 50 + 190.
  StopForecast f = StopForecast::of(s, 50, 0, 25.0);
  CHECK(f.byTime);
  CHECK_FALSE(f.byPatience);
  CHECK(f.seconds == Approx(95.0));
  CHECK(f.step == 240);
  // A cap further off than early stopping changes nothing.
  s.maxMinutes = 60.0;
  f = StopForecast::of(s, 50, 0, 25.0);
  CHECK_FALSE(f.byTime);
  CHECK(f.step == 1100);
  // The cap alone bounds a run with neither patience nor max_steps; past it, 0 s.
  s.patience = 0;
  s.maxSteps = 0;
  s.maxMinutes = 1.0;
  f = StopForecast::of(s, 10, 0, 70.0);
  CHECK(f.byTime);
  CHECK(f.seconds == 0.0);
  CHECK(f.step == 10);
}
