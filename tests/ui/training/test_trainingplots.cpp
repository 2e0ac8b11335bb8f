// The dashboard's plots and tables on their own: hover shows a point's exact
// value, plots save as PNG, per-label curves toggle from the list, and the
// item models pass QAbstractItemModelTester.
#include "../darkpalette.h"
#include "modelloop/evaluation/evaluationtablemodel.h"
#include "tempdir.h"
#include "train/config/tomlconfig.h"
#include "training/dashboard/hardwareplot.h"
#include "training/dashboard/lossplot.h"
#include "training/dashboard/memoryplot.h"
#include "training/dashboard/metricsplot.h"
#include "training/dashboard/trainingdashboard.h"
#include "training/dashboard/trainingstats.h"
#include "training/runs/runlistmodel.h"

#include "catchapi.h"

#include <QAbstractItemModelTester>
#include <QImage>
#include <QListWidget>
#include <QTest>

#include <cmath>

using namespace spanforge;
using namespace spanforge::ui;
using spanforge::testing::TempDir;

namespace {

store::MetricEvent evaluation(int64_t step, double f1) {
  store::MetricEvent e;
  e.step = step;
  e.epoch = 1;
  e.loss = 3.0;
  e.hasScores = true;
  e.precision = f1 + 0.05;
  e.recall = f1 - 0.05;
  e.f1 = f1;
  e.perLabel = {{"LOC", 0.5, 0.5, f1 / 2, 3}, {"PER", 0.9, 0.9, f1 * 1.1, 5}};
  e.memoryBytes = 300 << 20;
  e.elapsedSeconds = 0.5 * static_cast<double>(step);
  return e;
}

std::vector<store::MetricEvent> run() {
  std::vector<store::MetricEvent> out;
  for (int64_t s = 1; s <= 40; ++s) {
    store::MetricEvent e;
    e.step = s;
    e.epoch = 1;
    e.loss = 30.0 / static_cast<double>(s);
    e.elapsedSeconds = 0.5 * static_cast<double>(s);
    e.wordsPerSecond = 8000;
    e.memoryBytes = int64_t{200 + s} << 20;
    e.memoryPeakBytes = int64_t{250 + s} << 20;
    out.push_back(e);
    if (s % 10 == 0) out.push_back(evaluation(s, 0.1 * static_cast<double>(s / 10)));
  }
  return out;
}

}  // namespace

TEST_CASE("Plots: hover shows the exact value of the nearest point") {
  LossPlot plot;
  plot.resize(600, 400);
  plot.load(run());
  plot.show();
  REQUIRE(QTest::qWaitForWindowExposed(&plot));
  plot.replot();
  CHECK(plot.rawGraph()->dataCount() == 40);
  CHECK(plot.smoothedGraph()->dataCount() == 40);
  // Step 20 had loss 1.5: point at it with the mouse.
  const QPoint at(qRound(plot.xAxis->coordToPixel(20)), qRound(plot.yAxis->coordToPixel(1.5)));
  QTest::mouseMove(&plot, at);
  CHECK(plot.hoverText() == QStringLiteral("loss\nstep 20: loss 1.500"));
  QTest::mouseMove(&plot, QPoint(2, 2));  // far from every point
  CHECK(plot.hoverText().isEmpty());

  MemoryPlot memory;
  memory.resize(600, 400);
  memory.load(run());
  memory.show();
  REQUIRE(QTest::qWaitForWindowExposed(&memory));
  memory.replot();
  CHECK(memory.memoryGraph()->dataCount() == 40);
  const QPoint m(qRound(memory.xAxis->coordToPixel(5.0)), qRound(memory.yAxis->coordToPixel(210)));
  CHECK(memory.showValueAt(m));
  CHECK(memory.hoverText() == QStringLiteral("process RSS\n0:05 elapsed: 210.0 MB"));
}

TEST_CASE("Plots: saved as PNG") {
  TempDir dir;
  MetricsPlot plot;
  plot.resize(500, 300);
  plot.load(run());
  const QString path = QString::fromStdString(dir.file("f1.png"));
  REQUIRE(plot.saveImage(path));
  const QImage image(path);
  CHECK(image.width() == 1000);  // twice the widget: crisp on high-DPI screens
  CHECK(image.height() == 600);
}

TEST_CASE("Plots: a dark palette gives dark plots with readable axes and grey curves") {
  MemoryPlot plot;
  plot.resize(500, 300);
  plot.load(run());
  plot.setComparison(run(), QStringLiteral("run 2"));
  const QColor lightGrey = plot.comparisonGraph()->pen().color();
  CHECK(lightGrey == QColor(90, 90, 90, 200));  // as made, on white

  const QPalette dark = spanforge::testing::darkPalette();
  plot.setPalette(dark);
  CHECK(plot.xAxis->tickLabelColor() == dark.color(QPalette::Text));
  CHECK(plot.yAxis2->labelColor() == dark.color(QPalette::Text));
  CHECK(plot.legend->textColor() == dark.color(QPalette::Text));
  // The grey comparison curve is now light: it shows on the dark background.
  const QColor onDark = plot.comparisonGraph()->pen().color();
  CHECK(onDark.lightness() > 128);
  CHECK(onDark.alpha() == 200);
  plot.replot();
  const QImage image = plot.grab().toImage();
  const QColor corner = image.pixelColor(3, image.height() - 3);
  CHECK(corner.lightness() < 60);
  // Coloured curves keep their colours.
  bool red = false;
  for (int i = 0; i < plot.graphCount(); ++i)
    red = red || plot.graph(i)->pen().color() == QColor(214, 39, 40);
  CHECK(red);

  // Back to a light palette: the greys are exactly what they were.
  QPalette light;
  light.setColor(QPalette::Base, Qt::white);
  light.setColor(QPalette::Text, Qt::black);
  plot.setPalette(light);
  CHECK(plot.comparisonGraph()->pen().color() == lightGrey);
}

TEST_CASE("Metrics plot: overall P/R/F, the best F1 starred, per-label curves toggled") {
  TrainingDashboard dash;
  dash.resize(1200, 800);
  dash.show();
  REQUIRE(QTest::qWaitForWindowExposed(&dash));
  store::RunRecord record;
  record.id = 3;
  record.device = "cpu";
  record.state = store::RunState::Finished;
  dash.showRun(record, run());
  MetricsPlot* plot = dash.plot<MetricsPlot>();
  CHECK(plot->f1Graph()->dataCount() == 4);
  CHECK(plot->labels() == QStringList({QStringLiteral("LOC"), QStringLiteral("PER")}));
  CHECK_FALSE(plot->isLabelVisible(QStringLiteral("PER")));
  QListWidget* list = dash.labelList();
  REQUIRE(list->count() == 2);
  // Tick PER by clicking its check box.
  const QRect rect = list->visualItemRect(list->item(1));
  QTest::mouseClick(list->viewport(), Qt::LeftButton, {},
                    QPoint(rect.left() + 8, rect.center().y()));
  CHECK(list->item(1)->checkState() == Qt::Checked);
  CHECK(plot->isLabelVisible(QStringLiteral("PER")));
  CHECK(plot->labelGraph(QStringLiteral("PER"))->dataCount() == 4);
  CHECK(dash.table()->rowCount() == 4);
  CHECK(dash.table()->bestRow() == 3);
  CHECK(dash.stats()->value(TrainingStats::Best) == QStringLiteral("40.0 % (step 40)"));
  CHECK(dash.stats()->value(TrainingStats::Elapsed) == QStringLiteral("0:20"));
}

TEST_CASE("Dashboard: clear, load, comparison and live events reach every plot") {
  TrainingDashboard dash;
  const std::vector<TrainingPlot*>& plots = dash.plots();
  REQUIRE(plots.size() == 4);
  CHECK(dash.plot<LossPlot>() == plots[0]);
  CHECK(dash.plot<MemoryPlot>() == plots[2]);
  // Stored runs keep no CPU/GPU figures: the hardware plot shows a note for
  // them and has nothing to compare.
  auto* hardware = dash.plot<HardwarePlot>();
  CHECK(hardware == plots[3]);
  CHECK_FALSE(hardware->comparisonGraph());
  store::RunRecord record;
  record.id = 3;
  record.device = "cpu";
  record.state = store::RunState::Finished;
  dash.showRun(record, run());
  std::vector<int> shown;
  for (TrainingPlot* p : plots) {
    INFO(p->title().toStdString());
    if (p != hardware) CHECK(p->pointCount() > 0);
    shown.push_back(p->pointCount());
  }
  CHECK(hardware->pointCount() == 0);
  CHECK(hardware->noteVisible());

  store::RunRecord other = record;
  other.id = 4;
  dash.compareWith(other, run());
  for (size_t i = 0; i < plots.size(); ++i) {
    if (plots[i] == hardware) continue;
    INFO(plots[i]->title().toStdString());
    CHECK(plots[i]->pointCount() > shown[i]);
    REQUIRE(plots[i]->comparisonGraph());
    CHECK(plots[i]->comparisonGraph()->visible());
    CHECK(plots[i]->comparisonGraph()->name().startsWith(QStringLiteral("run 4")));
  }
  dash.clearComparison();
  for (size_t i = 0; i < plots.size(); ++i) {
    CHECK(plots[i]->pointCount() == shown[i]);
    if (plots[i] != hardware) CHECK_FALSE(plots[i]->comparisonGraph()->visible());
  }

  dash.compareWith(other, run());
  dash.clear();
  for (TrainingPlot* p : plots) {
    INFO(p->title().toStdString());
    CHECK(p->pointCount() == 0);
    if (p != hardware) CHECK_FALSE(p->comparisonGraph()->visible());
  }

  // Live: steps reach the loss, memory and hardware plots, evaluations the
  // metrics plot.
  TrainingStart start;
  start.runId = 5;
  start.device = QStringLiteral("cpu");
  dash.startLive(start);
  train::StepEvent step;
  step.step = 1;
  step.loss = 2.0;
  step.elapsedSeconds = 1.0;
  step.memory.currentBytes = int64_t{200} << 20;
  step.cpuPercent = 95.0;
  dash.addSteps({step});
  CHECK(dash.plot<LossPlot>()->pointCount() == 2);  // raw and smoothed
  CHECK(dash.plot<MemoryPlot>()->pointCount() > 0);
  CHECK(hardware->pointCount() == 1);
  CHECK_FALSE(hardware->noteVisible());
  CHECK(dash.plot<MetricsPlot>()->pointCount() == 0);
  train::EvaluationEvent evaluation;
  evaluation.step = 1;
  evaluation.scores.overall.f1 = 0.5;
  dash.addEvaluation(evaluation);
  CHECK(dash.plot<MetricsPlot>()->f1Graph()->dataCount() == 1);
  CHECK(dash.plot<LossPlot>()->pointCount() == 2);
}

TEST_CASE("Evaluation table: spaCy's columns, the best row bold and starred") {
  EvaluationTableModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  model.load(run());
  REQUIRE(model.rowCount() == 4);
  CHECK(model.headerData(EvaluationTableModel::F1, Qt::Horizontal).toString() ==
        QStringLiteral("F"));
  model.append(evaluation(50, 0.2));  // worse: the best stays
  CHECK(model.bestRow() == 3);
  CHECK(model.index(3, EvaluationTableModel::F1).data().toString() == QStringLiteral("40.00 ★"));
  CHECK(model.index(3, EvaluationTableModel::Precision).data().toString() ==
        QStringLiteral("45.00"));
  CHECK(model.index(3, 0).data(Qt::FontRole).value<QFont>().bold());
  CHECK(model.index(4, EvaluationTableModel::Step).data().toString() == QStringLiteral("50"));
  CHECK(model.index(4, EvaluationTableModel::Memory).data().toString() == QStringLiteral("300"));
  model.append(evaluation(60, 0.9));
  CHECK(model.bestRow() == 5);
  CHECK_FALSE(model.index(3, 0).data(Qt::FontRole).isValid());
  model.clear();
  CHECK(model.rowCount() == 0);
}

TEST_CASE("Run list: newest first, the model's dev F1 and the current model") {
  RunListModel model;
  QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::Fatal);
  store::RunRecord a;
  a.id = 1;
  a.device = "cpu";
  spanforge::train::TrainConfig bert;
  bert.model.encoder = "transformer";
  bert.model.transformer = "/models/bert-base-cased";
  a.configToml = spanforge::train::toToml(bert);
  a.state = store::RunState::Finished;
  a.modelId = 10;
  store::RunRecord b = a;
  b.id = 2;
  b.state = store::RunState::Running;
  b.modelId.reset();
  b.configToml = spanforge::train::toToml(spanforge::train::TrainConfig{});
  store::ModelRecord m;
  m.id = 10;
  m.current = true;
  m.metricsJson = R"({"dev": {"ents_f": 0.4567}})";
  model.setRuns({a, b}, {m});
  REQUIRE(model.rowCount() == 2);
  CHECK(model.index(0, RunListModel::Run).data().toString() == QStringLiteral("2"));
  CHECK(model.index(0, RunListModel::State).data().toString() == QStringLiteral("interrupted"));
  model.setLiveRun(2);
  CHECK(model.index(0, RunListModel::State).data().toString() == QStringLiteral("running"));
  CHECK(model.index(1, RunListModel::BestF1).data().toString() == QStringLiteral("45.67"));
  CHECK(model.index(1, RunListModel::Model).data().toString().contains(QStringLiteral("current")));
  CHECK(model.index(0, RunListModel::Model).data().toString() == QStringLiteral("none"));
  // Issue #66: a BiLSTM run and a BERT run looked the same.
  CHECK(model.index(1, RunListModel::Encoder).data().toString() ==
        QStringLiteral("transformer bert-base-cased"));
  CHECK(model.index(0, RunListModel::Encoder).data().toString() == QStringLiteral("BiLSTM"));
}

// Issue #66: at 1024 px the legend read "precisi", "reca".
TEST_CASE("Plots: a legend below a narrow plot wraps to rows rather than cutting names") {
  MetricsPlot plot;
  plot.resize(1000, 300);
  plot.show();
  REQUIRE(QTest::qWaitForWindowExposed(&plot));
  const int wide = plot.legendColumns();
  REQUIRE(wide >= 3);
  plot.resize(300, 300);
  QTest::qWait(20);
  CHECK(plot.legendColumns() < wide);
  CHECK(plot.legend->minimumOuterSizeHint().width() <= plot.width() - 16);
  plot.resize(1000, 300);
  QTest::qWait(20);
  CHECK(plot.legendColumns() == wide);
}
