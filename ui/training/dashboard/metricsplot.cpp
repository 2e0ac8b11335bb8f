#include "training/dashboard/metricsplot.h"

#include <algorithm>

namespace spanforge::ui {
namespace {

// Colours for per-label curves, distinct from P/R/F (blue, orange, green).
const QColor kLabelColors[] = {QColor(148, 103, 189), QColor(140, 86, 75),  QColor(227, 119, 194),
                               QColor(188, 189, 34),  QColor(23, 190, 207), QColor(214, 39, 40),
                               QColor(127, 127, 127), QColor(31, 78, 121),  QColor(166, 118, 29)};

}  // namespace

MetricsPlot::MetricsPlot(QWidget* parent)
    : TrainingPlot(tr("Dev precision / recall / F1"), parent) {
  styleAxis(xAxis, tr("step"));
  styleAxis(yAxis, tr("score (%)"));
  p_ = addSeries(tr("precision"), QColor(31, 119, 180), 1.4, Qt::DashLine);
  r_ = addSeries(tr("recall"), QColor(255, 127, 14), 1.4, Qt::DashLine);
  f_ = addSeries(tr("F1"), QColor(44, 160, 44), 2.4);
  for (QCPGraph* g : {p_, r_, f_}) g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 4));
  best_ = addSeries(tr("best F1"), QColor(44, 160, 44), 0);
  best_->setLineStyle(QCPGraph::lsNone);
  best_->setScatterStyle(
      QCPScatterStyle(QCPScatterStyle::ssStar, QColor(20, 110, 20), QColor(255, 215, 0), 14));
  addComparisonSeries(tr("%1 F1"), QColor(120, 120, 120), 1.8, Qt::DashLine);
  placeLegendBelow(4);  // the curves use the whole 0-100 % range
  clear();
}

void MetricsPlot::clear() {
  for (QCPGraph* g : {p_, r_, f_, best_}) g->data()->clear();
  for (QCPGraph* g : perLabel_) removeGraph(g);
  perLabel_.clear();
  bestF1_ = -1.0;
  maxStep_ = 0.0;
  xAxis->setRange(0, 10);
  yAxis->setRange(0, 100);
  scheduleReplot();
}

QCPGraph* MetricsPlot::labelCurve(const QString& label) {
  if (QCPGraph* g = perLabel_.value(label)) return g;
  const QColor color = kLabelColors[perLabel_.size() % std::size(kLabelColors)];
  QCPGraph* g = addSeries(tr("F1 %1").arg(label), color, 1.3);
  g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 4));
  g->setVisible(false);
  g->removeFromLegend();
  perLabel_.insert(label, g);
  emit labelAdded(label);
  return g;
}

void MetricsPlot::addEvent(const store::MetricEvent& e) {
  if (!e.hasScores) return;
  const double step = static_cast<double>(e.step);
  p_->addData(step, 100 * e.precision);
  r_->addData(step, 100 * e.recall);
  f_->addData(step, 100 * e.f1);
  for (const auto& s : e.perLabel)
    labelCurve(QString::fromStdString(s.label))->addData(step, 100 * s.f1);
  if (e.f1 > bestF1_) {  // strictly better, as the trainer counts improvements
    bestF1_ = e.f1;
    best_->data()->clear();
    best_->addData(step, 100 * e.f1);
  }
  maxStep_ = std::max(maxStep_, step);
  xAxis->setRange(0, std::max(10.0, maxStep_ * 1.02));
  scheduleReplot();
}

void MetricsPlot::plotComparison(const std::vector<store::MetricEvent>& events) {
  for (const auto& e : events) {
    if (!e.hasScores) continue;
    comparisonGraph()->addData(static_cast<double>(e.step), 100 * e.f1);
    maxStep_ = std::max(maxStep_, static_cast<double>(e.step));
  }
  xAxis->setRange(0, std::max(10.0, maxStep_ * 1.02));
}

QColor MetricsPlot::labelColor(const QString& label) const {
  const QCPGraph* g = perLabel_.value(label);
  return g ? g->pen().color() : QColor();
}

void MetricsPlot::setLabelVisible(const QString& label, bool visible) {
  QCPGraph* g = perLabel_.value(label);
  if (!g || g->visible() == visible) return;
  g->setVisible(visible);
  if (visible)
    g->addToLegend();
  else
    g->removeFromLegend();
  replotSoon();
}

bool MetricsPlot::isLabelVisible(const QString& label) const {
  const QCPGraph* g = perLabel_.value(label);
  return g && g->visible();
}

QString MetricsPlot::describe(const QCPGraph* graph, double key, double value) const {
  return tr("%1\nstep %2: %3 %").arg(graph->name()).arg(key).arg(value, 0, 'f', 2);
}

}  // namespace spanforge::ui
