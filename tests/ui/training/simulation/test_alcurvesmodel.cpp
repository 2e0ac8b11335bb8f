// The simulation's table and plot from a summary, without training.
#include "training/simulation/alcurvesmodel.h"
#include "training/simulation/alcurvesplot.h"

#include "catchapi.h"

#include <QAbstractItemModelTester>

#include <set>

using namespace spanforge;
using namespace spanforge::ui;

namespace {

active::AlSummaryPoint point(double fraction, double mean, double sd, int seeds) {
  active::AlSummaryPoint p;
  p.fraction = fraction;
  p.sentences = static_cast<int64_t>(fraction * 1000);
  p.meanF1 = mean;
  p.sdF1 = sd;
  p.minF1 = mean - sd;
  p.maxF1 = mean + sd;
  p.seeds = seeds;
  return p;
}

active::AlSummary twoStrategies() {
  active::AlSummary s;
  s.seeds = 2;
  s.fullF1 = 0.5;
  active::AlStrategySummary lc;
  lc.strategy = active::Strategy::LeastConfidence;
  lc.points = {point(0.05, 0.1, 0.02, 2), point(0.1, 0.3, 0.01, 2), point(0.15, 0.49, 0.0, 1)};
  lc.reach95 = 0.15;
  active::AlStrategySummary random;
  random.strategy = active::Strategy::Random;
  random.points = {point(0.05, 0.1, 0.02, 2), point(0.1, 0.2, 0.03, 2)};
  s.strategies = {lc, random};
  return s;
}

}  // namespace

TEST_CASE("AL curves model: a row per labelled share, a column per strategy") {
  AlCurvesModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Warning);
  CHECK(model.rowCount() == 0);
  CHECK(model.columnCount() == 1);
  model.setSummary(twoStrategies());
  REQUIRE(model.rowCount() == 3);
  REQUIRE(model.columnCount() == 3);
  CHECK(model.headerData(1, Qt::Horizontal).toString() == "lc");
  CHECK(model.headerData(2, Qt::Horizontal).toString() == "random");
  CHECK(model.index(1, 0).data().toString() == "10.0 %");
  CHECK(model.index(1, 1).data().toString() == "30.0 ± 1.0");
  CHECK(model.index(1, 1).data(AlCurvesModel::kMeanRole).toDouble() == Approx(0.3));
  CHECK(model.index(2, 1).data().toString() == "49.0");  // one seed: no spread
  CHECK(model.index(2, 2).data().toString() == "–");     // random has no 15% point
  CHECK_FALSE(model.index(2, 2).data(AlCurvesModel::kMeanRole).isValid());
  CHECK(model.index(0, 2).data(Qt::ToolTipRole).toString().contains("over 2 seeds"));
  model.setSummary({});
  CHECK(model.rowCount() == 0);
}

TEST_CASE("AL curves plot: mean curves, a band with several seeds, the full-data levels") {
  AlCurvesPlot plot;
  plot.setSummary(twoStrategies());
  QCPGraph* lc = plot.curve(active::Strategy::LeastConfidence);
  REQUIRE(lc);
  CHECK(lc->dataCount() == 3);
  CHECK(lc->data()->at(1)->key == Approx(10.0));
  CHECK(lc->data()->at(1)->value == Approx(30.0));
  CHECK(plot.curve(active::Strategy::Margin) == nullptr);
  // Two curves with two band edges each, and three levels.
  CHECK(plot.graphCount() == 2 * 3 + 3);
  CHECK(plot.legend->itemCount() == 2 + 3);
  CHECK(plot.yAxis->range().upper >= 50.0);
  plot.setSummary({});
  CHECK(plot.graphCount() == 0);
}

TEST_CASE("AL curves plot: every strategy has a colour of its own") {
  active::AlSummary s;
  s.seeds = 1;
  for (const active::Strategy strategy : active::allStrategies()) {
    active::AlStrategySummary c;
    c.strategy = strategy;
    c.points = {point(0.05, 0.1, 0.0, 1), point(0.1, 0.2, 0.0, 1)};
    s.strategies.push_back(c);
  }
  AlCurvesPlot plot;
  plot.setSummary(s);
  std::set<QRgb> colours;
  for (const active::Strategy strategy : active::allStrategies()) {
    QCPGraph* g = plot.curve(strategy);
    REQUIRE(g);
    colours.insert(g->pen().color().rgb());
  }
  CHECK(colours.size() == active::allStrategies().size());
}
