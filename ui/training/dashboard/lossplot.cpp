#include "training/dashboard/lossplot.h"

#include <algorithm>
#include <cmath>

namespace spanforge::ui {
namespace {
constexpr double kFloor = 1e-3;  // a log axis cannot show 0
}

LossPlot::LossPlot(QWidget* parent) : TrainingPlot(tr("Training loss"), parent) {
  styleAxis(xAxis, tr("step"));
  styleAxis(yAxis, tr("loss per sentence (log)"));
  yAxis->setScaleType(QCPAxis::stLogarithmic);
  QSharedPointer<QCPAxisTickerLog> ticker(new QCPAxisTickerLog);
  ticker->setSubTickCount(8);
  yAxis->setTicker(ticker);
  yAxis->setNumberFormat(QStringLiteral("g"));
  raw_ = addSeries(tr("loss"), QColor(31, 119, 180, 90), 1.0);
  smoothed_ = addSeries(tr("smoothed"), QColor(31, 119, 180), 2.2);
  addComparisonSeries(QStringLiteral("%1"), QColor(90, 90, 90, 200), 1.0);  // thin, solid: cheap
  clear();
}

void LossPlot::setPretraining(bool pretraining) {
  yAxis->setLabel(pretraining ? tr("loss per predicted character (log)")
                              : tr("loss per sentence (log)"));
}

void LossPlot::clear() {
  raw_->data()->clear();
  smoothed_->data()->clear();
  ema_ = 0.0;
  count_ = 0;
  stride_ = 1;
  lastIsExtra_ = false;
  maxStep_ = 0.0;
  minLoss_ = maxLoss_ = 0.0;
  xAxis->setRange(0, 10);
  yAxis->setRange(0.1, 100);
  scheduleReplot();
}

void LossPlot::fit(double step, double loss) {
  maxStep_ = std::max(maxStep_, step);
  if (loss > 0 && std::isfinite(loss)) {
    minLoss_ = minLoss_ > 0 ? std::min(minLoss_, loss) : loss;
    maxLoss_ = std::max(maxLoss_, loss);
  }
  xAxis->setRange(0, std::max(10.0, maxStep_ * 1.02));
  if (maxLoss_ > 0) yAxis->setRange(std::max(kFloor, minLoss_ / 1.5), maxLoss_ * 1.5);
}

void LossPlot::addEvent(const store::MetricEvent& e) {
  // A diverged step is not drawn: the error message tells.
  if (e.hasScores || !std::isfinite(e.loss)) return;
  const double step = static_cast<double>(e.step);
  const double loss = e.loss;
  raw_->addData(step, std::max(kFloor, loss));
  ema_ = kSmoothing * ema_ + (1 - kSmoothing) * loss;
  ++count_;
  addSmoothed(step, std::max(kFloor, ema_ / (1 - std::pow(kSmoothing, count_))));
  fit(step, loss);
  scheduleReplot();
}

void LossPlot::addSmoothed(double step, double value) {
  auto data = smoothed_->data();
  if (lastIsExtra_) data->remove(data->at(data->size() - 1)->key);
  smoothed_->addData(step, value);
  lastIsExtra_ = count_ % stride_ != 0;
  if (data->size() <= 2 * kSmoothedPoints) return;
  // Too many: keep every other point (and the newest), take half as many from now on.
  QVector<QCPGraphData> kept;
  for (int i = 0; i < data->size(); i += 2) kept.push_back(*data->at(i));
  if (data->size() % 2 == 0) kept.push_back(*data->at(data->size() - 1));
  data->set(kept, true);
  stride_ *= 2;
  lastIsExtra_ = count_ % stride_ != 0;
}

void LossPlot::plotComparison(const std::vector<store::MetricEvent>& events) {
  double ema = 0.0;
  int n = 0;
  for (const auto& e : events) {
    if (e.hasScores || !std::isfinite(e.loss)) continue;
    ema = kSmoothing * ema + (1 - kSmoothing) * e.loss;
    const double v = ema / (1 - std::pow(kSmoothing, ++n));
    comparisonGraph()->addData(static_cast<double>(e.step), std::max(kFloor, v));
    fit(static_cast<double>(e.step), e.loss);
  }
}

QString LossPlot::describe(const QCPGraph* graph, double key, double value) const {
  return tr("%1\nstep %2: loss %3").arg(graph->name()).arg(key).arg(value, 0, 'f', 3);
}

}  // namespace spanforge::ui
