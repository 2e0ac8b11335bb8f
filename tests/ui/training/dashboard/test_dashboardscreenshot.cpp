// Not run by ctest (hidden tag): renders the training dashboard fed a live
// run's events (made up here, shaped like a CPU run's) to PNG files for a
// person to look at, the data wait among the CPU curves:
//   test_ui "[.screenshots]"   (files in $SPANFORGE_SCREENSHOTS or /tmp/spanforge-shots)
#include "shotsdir.h"
#include "training/dashboard/hardwareplot.h"
#include "training/dashboard/trainingdashboard.h"
#include "training/trainingworker.h"

#include "catchapi.h"

#include <QDir>
#include <QTest>

#include <cmath>

using namespace spanforge;
using namespace spanforge::ui;

using spanforge::testing::shotsDir;

namespace {

// Step s of a made-up run: 0.12 s a step, the loss falling, about one core
// busy, and a data wait that starts high (the prefetch thread's first
// batches) and settles near half a percent.
train::StepEvent step(int64_t s) {
  const double x = static_cast<double>(s);
  train::StepEvent e;
  e.step = s;
  e.epoch = 1 + s / 60;
  e.loss = 40.0 * std::exp(-x / 80.0) + 4.0 + std::sin(x) * 1.5;
  e.batchWords = 1000;
  e.wordsPerSecond = 8000.0 + 300.0 * std::sin(x / 9.0);
  e.elapsedSeconds = 0.12 * x;
  e.memory.currentBytes =
      static_cast<int64_t>((520.0 + 40.0 * (1.0 - std::exp(-x / 30.0))) * 1048576);
  e.memory.peakBytes = static_cast<int64_t>(575.0 * 1048576);
  e.cpuPercent = 99.0 + 4.0 * std::sin(x / 5.0);
  e.dataWaitSeconds = 0.12 * (0.5 + 6.0 * std::exp(-x / 6.0)) / 100.0;
  e.dataWaitPercent = 0.5 + 6.0 * std::exp(-x / 6.0) + 0.2 * std::sin(x / 3.0);
  return e;
}

train::EvaluationEvent evaluationAt(int64_t s) {
  const double f = 0.45 * (1.0 - std::exp(-static_cast<double>(s) / 120.0));
  train::EvaluationEvent e;
  e.step = s;
  e.epoch = 1 + s / 60;
  e.elapsedSeconds = 0.12 * static_cast<double>(s) + 0.3;
  e.trainLoss = 40.0 * std::exp(-static_cast<double>(s) / 80.0) + 4.0;
  e.scores.overall = {f + 0.05, f - 0.04, f, 300, 280, 130};
  e.scores.perLabel["person"] = {f + 0.1, f, f + 0.05, 120, 110, 60};
  e.scores.perLabel["location"] = {f, f - 0.05, f - 0.03, 80, 75, 30};
  e.wordsPerSecond = 30000.0;
  e.improved = true;
  e.bestF1 = f;
  e.bestStep = s;
  e.memory.currentBytes = int64_t{560} << 20;
  return e;
}

}  // namespace

TEST_CASE("Screenshot of the training dashboard with the data wait", "[.screenshots]") {
  TrainingDashboard dash;
  TrainingStart start;
  start.runId = 3;
  start.device = QStringLiteral("cpu");
  start.trainSentences = 3394;
  start.devSentences = 1009;
  start.devSource = QStringLiteral("dev.txt");
  dash.startLive(start);
  for (int64_t s = 1; s <= 240; ++s) {
    dash.addSteps({step(s)});
    if (s % 40 == 0) dash.addEvaluation(evaluationAt(s));
  }
  dash.resize(1400, 900);
  dash.show();
  REQUIRE(QTest::qWaitForWindowExposed(&dash));
  QTest::qWait(300);  // queued replots
  auto* hardware = dash.plot<HardwarePlot>();
  REQUIRE(hardware);
  REQUIRE(hardware->dataWaitGraph());
  CHECK(hardware->dataWaitGraph()->dataCount() == 240);
  const QString path = shotsDir() + QStringLiteral("/dashboard-datawait.png");
  REQUIRE(dash.grab().save(path));
  WARN("wrote " << path.toStdString());
  const QString plotPath = shotsDir() + QStringLiteral("/hardwareplot-datawait.png");
  REQUIRE(hardware->saveImage(plotPath));
  WARN("wrote " << plotPath.toStdString());
}
