// The hardware plot: the training processes' CPU use (the total, and a thin
// curve per rank made on a run's first step with ranks), GPU curves only
// once an event has a GPU figure, the data wait once an event has it,
// nothing from events without either; clear() removes what the events
// created.
#include "training/dashboard/hardwareplot.h"
#include "training/dashboard/memoryplot.h"
#include "training/dashboard/trainingdashboard.h"
#include "training/trainingworker.h"

#include "catchapi.h"

#include <QTest>

#include <vector>

using namespace spanforge;
using namespace spanforge::ui;

namespace {

// Ten steps, a second apart; each rank's CPU and the GPU rise by 1 a step,
// the GPU memory falls by 100 MB (hover must not find it near the others).
std::vector<store::MetricEvent> hardwareSteps(std::vector<double> rankCpuPercent,
                                              double gpuPercent = -1.0) {
  std::vector<store::MetricEvent> out;
  for (int64_t s = 1; s <= 10; ++s) {
    store::MetricEvent e;
    e.step = s;
    e.epoch = 1;
    e.elapsedSeconds = static_cast<double>(s);
    e.rankCpuPercent = rankCpuPercent;
    for (double& p : e.rankCpuPercent) p += static_cast<double>(s);
    e.cpuPercent = 0.0;
    for (double p : e.rankCpuPercent) e.cpuPercent += p;
    if (e.rankCpuPercent.empty()) e.cpuPercent = 90.0 + static_cast<double>(s);
    if (gpuPercent >= 0) {
      e.gpuPercent = gpuPercent + static_cast<double>(s);
      e.gpuMemoryBytes = (2000 - 100 * s) << 20;
    }
    out.push_back(e);
  }
  return out;
}

}  // namespace

TEST_CASE("Hardware plot: CPU use in total and per rank, GPU curves only with GPU figures") {
  HardwarePlot plot;
  const int single = plot.graphCount();
  CHECK(plot.noteVisible());  // nothing plotted yet
  plot.load(hardwareSteps({}));
  CHECK(plot.cpuGraph()->dataCount() == 10);
  CHECK(plot.cpuGraph()->data()->at(0)->value == 91.0);
  CHECK(plot.rankCpuGraphs().empty());
  CHECK(plot.graphCount() == single);
  CHECK_FALSE(plot.gpuGraph());
  CHECK_FALSE(plot.gpuMemoryGraph());
  CHECK_FALSE(plot.yAxis2->visible());
  CHECK_FALSE(plot.noteVisible());

  plot.load(hardwareSteps({80.0, 120.0}));
  const auto& ranks = plot.rankCpuGraphs();
  REQUIRE(ranks.size() == 2);
  CHECK(plot.graphCount() == single + 2);
  CHECK(ranks[0]->name() == QStringLiteral("rank 0 CPU"));
  CHECK(ranks[1]->name() == QStringLiteral("rank 1 CPU"));
  REQUIRE(ranks[0]->dataCount() == 10);
  REQUIRE(ranks[1]->dataCount() == 10);
  CHECK(ranks[0]->data()->at(0)->value == 81.0);
  CHECK(ranks[1]->data()->at(9)->key == 10.0);
  CHECK(ranks[1]->data()->at(9)->value == 130.0);
  CHECK(plot.cpuGraph()->data()->at(0)->value == 202.0);  // the total
  CHECK(ranks[0]->pen().widthF() < plot.cpuGraph()->pen().widthF());
  CHECK(plot.yAxis->range().upper >= 230.0);  // the total, and so every rank, in view
  CHECK_FALSE(plot.gpuGraph());

  plot.load(hardwareSteps({}, 50.0));
  CHECK(plot.rankCpuGraphs().empty());  // load() cleared the ranks' curves
  REQUIRE(plot.gpuGraph());
  REQUIRE(plot.gpuMemoryGraph());
  CHECK(plot.graphCount() == single + 2);
  CHECK(plot.gpuGraph()->dataCount() == 10);
  CHECK(plot.gpuGraph()->data()->at(0)->value == 51.0);
  CHECK(plot.gpuGraph()->valueAxis() == plot.yAxis);  // the same axis as the CPU
  CHECK(plot.gpuMemoryGraph()->valueAxis() == plot.yAxis2);
  CHECK(plot.gpuMemoryGraph()->data()->at(0)->value == 1900.0);  // MB
  CHECK(plot.yAxis2->visible());
  CHECK(plot.yAxis2->range().upper >= 1900.0);

  // Hover names the curve and the unit.
  plot.resize(600, 400);
  plot.show();
  REQUIRE(QTest::qWaitForWindowExposed(&plot));
  plot.replot();
  const QPoint at(qRound(plot.xAxis->coordToPixel(5.0)), qRound(plot.yAxis->coordToPixel(55.0)));
  CHECK(plot.showValueAt(at));
  CHECK(plot.hoverText() == QStringLiteral("GPU\n0:05 elapsed: 55 %"));
  const QPoint cpu(qRound(plot.xAxis->coordToPixel(5.0)), qRound(plot.yAxis->coordToPixel(95.0)));
  CHECK(plot.showValueAt(cpu));
  CHECK(plot.hoverText() == QStringLiteral("CPU\n0:05 elapsed: 95 % of one core"));

  plot.clear();
  CHECK(plot.rankCpuGraphs().empty());
  CHECK_FALSE(plot.gpuGraph());
  CHECK_FALSE(plot.gpuMemoryGraph());
  CHECK(plot.graphCount() == single);
  CHECK(plot.pointCount() == 0);
  CHECK_FALSE(plot.yAxis2->visible());
  CHECK(plot.noteVisible());
}

TEST_CASE("Hardware plot: events without a CPU figure add nothing") {
  HardwarePlot plot;
  std::vector<store::MetricEvent> events = hardwareSteps({80.0, 120.0}, 50.0);
  for (auto& e : events) e.cpuPercent = -1.0;
  plot.load(events);
  store::MetricEvent evaluation;  // an evaluation's figures are the dev set's
  evaluation.step = 10;
  evaluation.hasScores = true;
  evaluation.f1 = 0.5;
  plot.addEvent(evaluation);
  CHECK(plot.pointCount() == 0);
  CHECK(plot.rankCpuGraphs().empty());
  CHECK_FALSE(plot.gpuGraph());
  CHECK(plot.noteVisible());
}

TEST_CASE("Hardware plot: the share of step time spent waiting for data, on the CPU's axis") {
  HardwarePlot plot;
  const int single = plot.graphCount();
  std::vector<store::MetricEvent> events = hardwareSteps({});
  for (auto& e : events) e.dataWaitPercent = 0.5 * static_cast<double>(e.step);
  plot.load(events);
  REQUIRE(plot.dataWaitGraph());
  CHECK(plot.graphCount() == single + 1);
  CHECK(plot.dataWaitGraph()->dataCount() == 10);
  CHECK(plot.dataWaitGraph()->data()->at(3)->value == 2.0);
  CHECK(plot.dataWaitGraph()->valueAxis() == plot.yAxis);
  CHECK(plot.dataWaitGraph()->name() == QStringLiteral("data wait: 5.0 % of step time"));
  CHECK(plot.cpuGraph()->dataCount() == 10);

  plot.resize(600, 400);
  plot.show();
  REQUIRE(QTest::qWaitForWindowExposed(&plot));
  plot.replot();
  const QPoint at(qRound(plot.xAxis->coordToPixel(5.0)), qRound(plot.yAxis->coordToPixel(2.5)));
  CHECK(plot.showValueAt(at));
  CHECK(plot.hoverText() == QStringLiteral("data wait\n0:05 elapsed: 2.5 % of step time"));

  // Known without the CPU figure, it is plotted alone.
  for (auto& e : events) e.cpuPercent = -1.0;
  plot.load(events);
  REQUIRE(plot.dataWaitGraph());
  CHECK(plot.dataWaitGraph()->dataCount() == 10);
  CHECK(plot.cpuGraph()->dataCount() == 0);
  CHECK_FALSE(plot.noteVisible());

  plot.clear();
  CHECK_FALSE(plot.dataWaitGraph());
  CHECK(plot.graphCount() == single);
  CHECK(plot.noteVisible());
}

TEST_CASE("Dashboard: live steps' CPU use reaches the hardware plot, under the memory plot") {
  TrainingDashboard dash;
  TrainingStart start;
  start.runId = 7;
  start.device = QStringLiteral("cpu");
  start.processes = 2;
  dash.startLive(start);
  train::StepEvent step;
  step.step = 1;
  step.loss = 2.0;
  step.elapsedSeconds = 1.0;
  step.cpuPercent = 90.0;
  step.ranks = {{4000.0, int64_t{200} << 20, 90.0}, {5000.0, int64_t{210} << 20, 110.0}};
  dash.addSteps({step});
  auto* hardware = dash.plot<HardwarePlot>();
  REQUIRE(hardware);
  REQUIRE(hardware->rankCpuGraphs().size() == 2);
  CHECK(hardware->rankCpuGraphs()[1]->data()->at(0)->value == 110.0);
  CHECK(hardware->cpuGraph()->data()->at(0)->value == 200.0);
  CHECK_FALSE(hardware->gpuGraph());
  CHECK_FALSE(hardware->dataWaitGraph());  // not in this step
  step.step = 2;
  step.elapsedSeconds = 2.0;
  step.dataWaitSeconds = 0.002;
  step.dataWaitPercent = 1.5;
  dash.addSteps({step});
  REQUIRE(hardware->dataWaitGraph());
  CHECK(hardware->dataWaitGraph()->data()->at(0)->key == 2.0);
  CHECK(hardware->dataWaitGraph()->data()->at(0)->value == 1.5);
  // In the same column as the memory plot, both over elapsed time.
  CHECK(hardware->parentWidget() == dash.plot<MemoryPlot>()->parentWidget());
}

// Issue #66: during a pretraining (no CPU figures) the plot said stored runs
// do not keep it, as if the run were not live.
TEST_CASE("Hardware plot: an empty plot says whether the run is live or stored") {
  HardwarePlot plot;
  plot.setLive(true);
  CHECK(plot.noteVisible());
  CHECK(plot.noteText() == QStringLiteral("This run reports no CPU or GPU figures"));
  plot.setLive(false);
  CHECK(plot.noteText().startsWith(QStringLiteral("Plotted while a run trains")));
}
