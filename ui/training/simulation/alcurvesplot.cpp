#include "training/simulation/alcurvesplot.h"

#include <algorithm>
#include <iterator>

namespace spanforge::ui {
namespace {

// One colour per strategy, the same in every run and in
// tools/plot-al-curves.py's figures.
QColor strategyColor(active::Strategy s) {
  // One colour per strategy (random grey, the baseline); a new strategy needs one here.
  switch (s) {
    case active::Strategy::LeastConfidence:
      return QColor(31, 119, 180);
    case active::Strategy::Mnlp:
      return QColor(255, 127, 14);
    case active::Strategy::Entropy:
      return QColor(44, 160, 44);
    case active::Strategy::Margin:
      return QColor(214, 39, 40);
    case active::Strategy::Bald:
      return QColor(148, 103, 189);
    case active::Strategy::Rare:
      return QColor(140, 86, 75);
    case active::Strategy::Spread:
      return QColor(227, 119, 194);
    case active::Strategy::Random:
      return QColor(127, 127, 127);
  }
  return QColor(127, 127, 127);
}

}  // namespace

AlCurvesPlot::AlCurvesPlot(QWidget* parent) : TrainingPlot(tr("Test F1 by labels used"), parent) {
  styleAxis(xAxis, tr("labelled share of the pool (%)"));
  styleAxis(yAxis, tr("test F1 (%)"));
  axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
  clear();
}

void AlCurvesPlot::clear() {
  while (graphCount() > 0) removeSeries(graph(0));
  curves_.clear();
  xAxis->setRange(0, 100);
  yAxis->setRange(0, 100);
  scheduleReplot();
}

QCPGraph* AlCurvesPlot::curve(active::Strategy strategy) const {
  for (const auto& [s, g] : curves_)
    if (s == strategy) return g;
  return nullptr;
}

void AlCurvesPlot::addLevel(const QString& name, double f1, double right, Qt::PenStyle style) {
  QCPGraph* g = addSeries(name, QColor(90, 90, 90), 1.2, style);
  g->addData(0.0, 100.0 * f1);
  g->addData(right, 100.0 * f1);
}

void AlCurvesPlot::setSummary(const active::AlSummary& summary) {
  clear();
  double right = 0.0, top = 0.0;
  for (const auto& s : summary.strategies)
    for (const auto& p : s.points) {
      right = std::max(right, 100.0 * p.fraction);
      top = std::max(top, 100.0 * (p.meanF1 + p.sdF1));
    }
  right = right > 0 ? right * 1.05 : 100.0;
  for (const auto& s : summary.strategies) {
    if (s.points.empty()) continue;
    const QColor color = strategyColor(s.strategy);
    const QString name = QString::fromLatin1(active::strategyInfo(s.strategy).name);
    const bool band = summary.seeds > 1;
    QCPGraph* low = nullptr;
    QCPGraph* high = nullptr;
    if (band) {  // hover names them too
      low = addSeries(tr("%1, mean − sd").arg(name), Qt::transparent, 0);
      high = addSeries(tr("%1, mean + sd").arg(name), Qt::transparent, 0);
      low->removeFromLegend();
      high->removeFromLegend();
    }
    QCPGraph* mean = addSeries(name, color, 2.0);
    mean->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, color, color, 6));
    for (const auto& p : s.points) {
      mean->addData(100.0 * p.fraction, 100.0 * p.meanF1);
      if (band) {
        low->addData(100.0 * p.fraction, 100.0 * (p.meanF1 - p.sdF1));
        high->addData(100.0 * p.fraction, 100.0 * (p.meanF1 + p.sdF1));
      }
    }
    if (band) {
      QColor fill = color;
      fill.setAlpha(40);
      high->setBrush(fill);
      high->setChannelFillGraph(low);
    }
    curves_.emplace_back(s.strategy, mean);
  }
  if (summary.fullF1) {
    top = std::max(top, 100.0 * *summary.fullF1);
    addLevel(tr("all labels: %1").arg(100.0 * *summary.fullF1, 0, 'f', 1), *summary.fullF1, right,
             Qt::DashLine);
    addLevel(tr("99% of it"), 0.99 * *summary.fullF1, right, Qt::DotLine);
    addLevel(tr("95% of it"), 0.95 * *summary.fullF1, right, Qt::DashDotLine);
  }
  xAxis->setRange(0, right);
  yAxis->setRange(0, top > 0 ? std::min(100.0, top * 1.15) : 100.0);
  scheduleReplot();
}

QString AlCurvesPlot::describe(const QCPGraph* graph, double key, double value) const {
  return tr("%1\n%2% labelled: test F1 %3")
      .arg(graph->name())
      .arg(key, 0, 'f', 1)
      .arg(value, 0, 'f', 1);
}

}  // namespace spanforge::ui
