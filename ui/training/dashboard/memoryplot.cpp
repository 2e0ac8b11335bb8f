#include "training/dashboard/memoryplot.h"

#include "training/dashboard/megabytes.h"

#include <algorithm>
#include <cmath>

namespace spanforge::ui {

MemoryPlot::MemoryPlot(QWidget* parent)
    : TrainingPlot(tr("Memory and speed"), parent), timeTicker_(new QCPAxisTickerTime) {
  timeTicker_->setTimeFormat(QStringLiteral("%m:%s"));
  xAxis->setTicker(timeTicker_);
  styleAxis(xAxis, tr("elapsed (min:s)"));
  styleAxis(yAxis, tr("memory (MB)"));
  styleAxis(yAxis2, tr("words / s"));
  yAxis2->setVisible(true);
  // Solid pens: a dashed line over thousands of points is slow to draw. The
  // peak first, so that the current value is drawn over it.
  peak_ = addSeries(QString(), QColor(247, 160, 150), 1.6);
  current_ = addSeries(QString(), QColor(214, 39, 40), 2.0);
  speed_ = addSeries(tr("words/s (right)"), QColor(90, 90, 90, 150), 1.0, Qt::SolidLine, yAxis2);
  addComparisonSeries(tr("%1 memory"), QColor(90, 90, 90, 200), 1.0);
  axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
  setDevice(QStringLiteral("cpu"));
  clear();
}

void MemoryPlot::start(const QString& device) {
  setDevice(device);
  clear();
}

void MemoryPlot::setDevice(const QString& device) {
  const bool cuda = device.startsWith(QLatin1String("cuda"));
  current_->setName(cuda ? tr("CUDA allocated") : tr("process RSS"));
  peak_->setName(cuda ? tr("CUDA reserved") : tr("peak RSS"));
  scheduleReplot();
}

void MemoryPlot::clear() {
  for (QCPGraph* g : {current_, peak_, speed_}) g->data()->clear();
  // The next run may have fewer processes, or one.
  for (QCPGraph* g : rankSpeeds_) removeSeries(g);
  rankSpeeds_.clear();
  maxSeconds_ = maxMb_ = maxSpeed_ = 0.0;
  xAxis->setRange(0, 60);
  yAxis->setRange(0, 100);
  yAxis2->setRange(0, 1000);
  scheduleReplot();
}

void MemoryPlot::fit(double seconds, double mb, double wordsPerSecond) {
  maxSeconds_ = std::max(maxSeconds_, seconds);
  maxMb_ = std::max(maxMb_, mb);
  if (std::isfinite(wordsPerSecond)) maxSpeed_ = std::max(maxSpeed_, wordsPerSecond);
  timeTicker_->setTimeFormat(maxSeconds_ >= 3600 ? QStringLiteral("%h:%m:%s")
                                                 : QStringLiteral("%m:%s"));
  xAxis->setRange(0, std::max(60.0, maxSeconds_ * 1.02));
  yAxis->setRange(0, std::max(10.0, maxMb_ * 1.15));
  yAxis2->setRange(0, std::max(10.0, maxSpeed_ * 1.15));
}

void MemoryPlot::addEvent(const store::MetricEvent& e) {
  if (e.hasScores) return;
  const double t = e.elapsedSeconds;
  appendCompressed(current_, t, megabytes(e.memoryBytes));
  appendCompressed(peak_, t, megabytes(e.memoryPeakBytes));
  if (std::isfinite(e.wordsPerSecond)) speed_->addData(t, e.wordsPerSecond);
  if (!e.rankWordsPerSecond.empty()) addRankSpeeds(t, e.rankWordsPerSecond);
  double fastest = std::isfinite(e.wordsPerSecond) ? e.wordsPerSecond : 0.0;
  for (double w : e.rankWordsPerSecond)
    if (std::isfinite(w)) fastest = std::max(fastest, w);
  fit(t, std::max(e.memoryBytes, e.memoryPeakBytes) / kMb, fastest);
  scheduleReplot();
}

void MemoryPlot::addRankSpeeds(double seconds, const std::vector<double>& wordsPerSecond) {
  while (rankSpeeds_.size() < wordsPerSecond.size()) {  // on the run's first step
    const size_t rank = rankSpeeds_.size();
    QCPGraph* g =
        addSeries(tr("rank %1 words/s").arg(rank), rankColor(rank), 0.8, Qt::SolidLine, yAxis2);
    if (rank >= kRanksInLegend) g->removeFromLegend();
    rankSpeeds_.push_back(g);
  }
  for (size_t r = 0; r < wordsPerSecond.size(); ++r)
    if (std::isfinite(wordsPerSecond[r])) rankSpeeds_[r]->addData(seconds, wordsPerSecond[r]);
}

void MemoryPlot::plotComparison(const std::vector<store::MetricEvent>& events) {
  for (const auto& e : events) {
    if (e.hasScores) continue;
    appendCompressed(comparisonGraph(), e.elapsedSeconds, megabytes(e.memoryBytes));
    fit(e.elapsedSeconds, megabytes(e.memoryBytes), 0.0);
  }
}

QString MemoryPlot::describe(const QCPGraph* graph, double key, double value) const {
  const QString v = graph->valueAxis() == yAxis2 ? tr("%L1 words/s").arg(value, 0, 'f', 0)
                                                 : tr("%L1 MB").arg(value, 0, 'f', 1);
  return tr("%1\n%2 elapsed: %3").arg(graph->name(), elapsedText(key), v);
}

}  // namespace spanforge::ui
