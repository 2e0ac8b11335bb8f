#include "train/config/trainconfig.h"
#include "training/dashboard/trainingstats.h"

#include "catchapi.h"

#include <QLabel>

using spanforge::ui::TrainingStats;

TEST_CASE("TrainingStats says where early stopping ends the run, not an ETA to max_steps") {
  TrainingStats stats;
  spanforge::train::TrainingSettings s;
  s.patience = 10;
  s.evalFrequency = 100;
  s.maxSteps = 20000;
  stats.setSettings(s);
  CHECK(stats.value(TrainingStats::Patience) == QStringLiteral("10 / 10"));

  spanforge::train::StepEvent step;
  step.step = 50;
  step.epoch = 1;
  step.elapsedSeconds = 25;
  step.etaSeconds = 9975;  // to max_steps: what was shown before
  stats.showStep(step);
  // The first evaluation (step 100) plus 10 without a gain: step 1,100, 1,050 steps at 0.5 s.
  CHECK(stats.value(TrainingStats::Eta) == QStringLiteral("step 1,100 · 8 min 45 s left"));

  spanforge::train::EvaluationEvent eval;
  eval.step = 2400;
  eval.bestStep = 2300;
  eval.patienceLeft = 9;
  stats.showEvaluation(eval);
  step.step = 2500;
  step.elapsedSeconds = 1250;
  stats.showStep(step);
  CHECK(stats.value(TrainingStats::Eta) == QStringLiteral("step 3,300 · 6 min 40 s left"));
  CHECK(stats.value(TrainingStats::Patience) == QStringLiteral("9 / 10"));

  // No step budget: the minute limit (at this pace, step 7,200), else the
  // trainer's ETA to its epoch limit, when there is one.
  s.patience = 0;
  s.maxSteps = 0;
  s.maxMinutes = 60;
  stats.setSettings(s);
  stats.showStep(step);
  CHECK(stats.value(TrainingStats::Eta) == QStringLiteral("step 7,200 · 39 min 10 s left"));
  s.maxMinutes = 0;
  stats.setSettings(s);
  step.etaSeconds = 2350;
  stats.showStep(step);
  CHECK(stats.value(TrainingStats::Eta) == QStringLiteral("39 min 10 s left"));
  step.etaSeconds = -1;
  stats.showStep(step);
  CHECK(stats.value(TrainingStats::Eta) == QStringLiteral("–"));
}

TEST_CASE("TrainingStats: Stops by respects the time cap the user set") {
  TrainingStats stats;
  spanforge::train::TrainingSettings s;
  s.patience = 10;
  s.evalFrequency = 100;
  s.maxSteps = 20000;
  s.maxMinutes = 2;  // it said 3:35 with a 2-minute cap
  stats.setSettings(s);
  spanforge::train::StepEvent step;
  step.step = 50;
  step.elapsedSeconds = 25;
  stats.showStep(step);
  // Time to go, not a clock time (issue #66: "0:55").
  CHECK(stats.value(TrainingStats::Eta) == QStringLiteral("step 240 · 1 min 35 s left"));
}
