// The memory plot's speed curves: a multi-process run adds one words/s curve
// per rank beside the total (created on its first step, gone after clear());
// a single-process run has only the total.
#include "training/dashboard/memoryplot.h"
#include "training/dashboard/trainingdashboard.h"
#include "training/trainingworker.h"

#include "catchapi.h"

#include <QTest>

#include <cmath>
#include <vector>

using namespace spanforge;
using namespace spanforge::ui;

namespace {

std::vector<store::MetricEvent> memorySteps(std::vector<double> rankWordsPerSecond) {
  std::vector<store::MetricEvent> out;
  for (int64_t s = 1; s <= 10; ++s) {
    store::MetricEvent e;
    e.step = s;
    e.epoch = 1;
    e.loss = 1.0;
    e.elapsedSeconds = static_cast<double>(s);
    e.memoryBytes = int64_t{200} << 20;
    e.memoryPeakBytes = int64_t{250} << 20;
    e.rankWordsPerSecond = rankWordsPerSecond;
    for (double& w : e.rankWordsPerSecond) w += static_cast<double>(s);
    e.wordsPerSecond = 0.0;
    for (double w : e.rankWordsPerSecond) e.wordsPerSecond += w;
    if (e.rankWordsPerSecond.empty()) e.wordsPerSecond = 8000.0;
    out.push_back(e);
  }
  return out;
}

}  // namespace

TEST_CASE("Memory plot: one words/s curve per rank in a multi-process run") {
  MemoryPlot plot;
  const int single = plot.graphCount();
  plot.load(memorySteps({}));
  CHECK(plot.rankSpeedGraphs().empty());
  CHECK(plot.graphCount() == single);
  CHECK(plot.speedGraph()->dataCount() == 10);

  plot.load(memorySteps({3000.0, 20000.0}));
  const auto& ranks = plot.rankSpeedGraphs();
  REQUIRE(ranks.size() == 2);
  CHECK(plot.graphCount() == single + 2);
  CHECK(ranks[0]->name() == QStringLiteral("rank 0 words/s"));
  CHECK(ranks[1]->name() == QStringLiteral("rank 1 words/s"));
  CHECK(ranks[0]->valueAxis() == plot.yAxis2);
  REQUIRE(ranks[0]->dataCount() == 10);
  REQUIRE(ranks[1]->dataCount() == 10);
  CHECK(ranks[0]->data()->at(0)->value == 3001.0);
  CHECK(ranks[1]->data()->at(9)->key == 10.0);
  CHECK(ranks[1]->data()->at(9)->value == 20010.0);
  CHECK(ranks[0]->pen().widthF() < plot.speedGraph()->pen().widthF());  // thinner than the total
  CHECK(plot.yAxis2->range().upper >= 23020.0);  // the total, and so every rank, in view

  // Hover names the rank and the unit.
  plot.resize(600, 400);
  plot.show();
  REQUIRE(QTest::qWaitForWindowExposed(&plot));
  plot.replot();
  const QPoint at(qRound(plot.xAxis->coordToPixel(5.0)), qRound(plot.yAxis2->coordToPixel(3005.0)));
  CHECK(plot.showValueAt(at));
  CHECK(plot.hoverText() == QStringLiteral("rank 0 words/s\n0:05 elapsed: 3,005 words/s"));

  // The right axis fits the ranks too, even where the total is unknown.
  store::MetricEvent fast = memorySteps({1.0, 50000.0}).back();
  fast.elapsedSeconds = 11.0;
  fast.wordsPerSecond = std::nan("");
  plot.addEvent(fast);
  CHECK(ranks[1]->dataCount() == 11);
  CHECK(plot.yAxis2->range().upper >= 50010.0);

  plot.clear();
  CHECK(plot.rankSpeedGraphs().empty());
  CHECK(plot.graphCount() == single);
  CHECK(plot.pointCount() == 0);
}

TEST_CASE("Dashboard: live steps with ranks' speeds reach the memory plot") {
  TrainingDashboard dash;
  TrainingStart start;
  start.runId = 7;
  start.device = QStringLiteral("cpu");
  start.processes = 2;
  dash.startLive(start);
  CHECK(dash.stateText().contains(QStringLiteral("CPU × 2 processes")));
  train::StepEvent step;
  step.step = 1;
  step.loss = 2.0;
  step.elapsedSeconds = 1.0;
  step.wordsPerSecond = 9000.0;
  step.memory.currentBytes = int64_t{200} << 20;
  step.ranks = {{4000.0, int64_t{200} << 20}, {5000.0, int64_t{210} << 20}};
  dash.addSteps({step});
  auto* memory = dash.plot<MemoryPlot>();
  REQUIRE(memory->rankSpeedGraphs().size() == 2);
  CHECK(memory->rankSpeedGraphs()[1]->data()->at(0)->value == 5000.0);

  // The next run, on one process: only the total again.
  start.runId = 8;
  start.processes = 1;
  dash.startLive(start);
  CHECK_FALSE(dash.stateText().contains(QStringLiteral("processes")));
  step.ranks.clear();
  dash.addSteps({step});
  CHECK(memory->rankSpeedGraphs().empty());
  CHECK(memory->speedGraph()->dataCount() == 1);
}
