#include "training/dashboard/hardwareplot.h"

#include "training/dashboard/megabytes.h"

#include <algorithm>
#include <cmath>

namespace spanforge::ui {

HardwarePlot::HardwarePlot(QWidget* parent)
    : TrainingPlot(tr("CPU and GPU use, data wait"), parent),
      note_(new QCPItemText(this)),
      timeTicker_(new QCPAxisTickerTime) {
  timeTicker_->setTimeFormat(QStringLiteral("%m:%s"));
  xAxis->setTicker(timeTicker_);
  styleAxis(xAxis, tr("elapsed (min:s)"));
  styleAxis(yAxis, tr("use, data wait (%)"));
  styleAxis(yAxis2, tr("GPU memory (MB)"));
  cpu_ = addSeries(tr("CPU"), QColor(60, 60, 60), 1.6);
  // An empty plot would look broken when a stored run is shown: say why.
  note_->position->setType(QCPItemPosition::ptAxisRectRatio);
  note_->position->setCoords(0.5, 0.5);
  note_->setText(tr("Plotted while a run trains;\nstored runs do not keep it"));
  note_->setColor(palette().color(QPalette::PlaceholderText));
  axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
  clear();
}

bool HardwarePlot::noteVisible() const { return note_->visible(); }

QString HardwarePlot::noteText() const { return note_->text(); }

void HardwarePlot::setLive(bool live) {
  // A live run that reports no CPU figures (a pretraining) is not a stored one.
  note_->setText(live ? tr("This run reports no CPU or GPU figures")
                      : tr("Plotted while a run trains;\nstored runs do not keep it"));
  scheduleReplot();
}

void HardwarePlot::applyPalette() {
  TrainingPlot::applyPalette();
  note_->setColor(palette().color(QPalette::PlaceholderText));
}

void HardwarePlot::clear() {
  cpu_->data()->clear();
  cpu_->setName(tr("CPU"));
  // The next run may have other processes, or no GPU.
  for (QCPGraph* g : rankCpus_) removeSeries(g);
  rankCpus_.clear();
  for (QCPGraph* g : {gpu_, gpuMemory_, dataWait_})
    if (g) removeSeries(g);
  gpu_ = gpuMemory_ = dataWait_ = nullptr;
  yAxis2->setVisible(false);
  note_->setVisible(true);
  maxSeconds_ = maxPercent_ = maxMb_ = 0.0;
  fit(0.0, 0.0, 0.0);
  scheduleReplot();
}

void HardwarePlot::fit(double seconds, double percent, double mb) {
  maxSeconds_ = std::max(maxSeconds_, seconds);
  maxPercent_ = std::max(maxPercent_, percent);
  maxMb_ = std::max(maxMb_, mb);
  timeTicker_->setTimeFormat(maxSeconds_ >= 3600 ? QStringLiteral("%h:%m:%s")
                                                 : QStringLiteral("%m:%s"));
  xAxis->setRange(0, std::max(60.0, maxSeconds_ * 1.02));
  yAxis->setRange(0, std::max(100.0, maxPercent_) * 1.1);
  // More headroom than the left axis: a flat GPU memory line would otherwise
  // lie on a CPU line at 100%, the usual pair when training on a GPU.
  yAxis2->setRange(0, std::max(10.0, maxMb_ * 1.3));
}

void HardwarePlot::addEvent(const store::MetricEvent& e) {
  const bool cpu = e.cpuPercent >= 0;  // both false for NaN too
  const bool wait = e.dataWaitPercent >= 0;
  if (!cpu && !wait) return;
  const double t = e.elapsedSeconds;
  double top = 0.0;  // a wait is at most 100%, always in view
  double mb = 0.0;
  if (wait) addDataWait(t, e.dataWaitPercent);
  if (cpu) {
    cpu_->addData(t, e.cpuPercent);
    top = e.cpuPercent;
    if (!e.rankCpuPercent.empty()) addRankCpus(t, e.rankCpuPercent);
    for (double p : e.rankCpuPercent)
      if (p >= 0) top = std::max(top, p);
    if (e.gpuPercent >= 0) {
      addGpu(t, e.gpuPercent, e.gpuMemoryBytes, !e.rankCpuPercent.empty());
      top = std::max(top, e.gpuPercent);
      mb = megabytes(e.gpuMemoryBytes);
    }
  }
  note_->setVisible(false);
  fit(t, top, mb);
  scheduleReplot();
}

void HardwarePlot::addRankCpus(double seconds, const std::vector<double>& percents) {
  if (rankCpus_.empty()) cpu_->setName(tr("CPU, all processes"));
  while (rankCpus_.size() < percents.size()) {  // on the run's first step
    const size_t rank = rankCpus_.size();
    QCPGraph* g = addSeries(tr("rank %1 CPU").arg(rank), rankColor(rank), 0.8);
    if (rank >= kRanksInLegend) g->removeFromLegend();
    rankCpus_.push_back(g);
  }
  for (size_t r = 0; r < percents.size(); ++r)
    if (percents[r] >= 0) rankCpus_[r]->addData(seconds, percents[r]);
}

void HardwarePlot::addGpu(double seconds, double percent, int64_t memoryBytes, bool ranks) {
  if (!gpu_) {  // on the first step that has a GPU figure
    gpu_ = addSeries(ranks ? tr("rank 0 GPU") : tr("GPU"), QColor(118, 185, 0), 1.6);
    gpuMemory_ = addSeries(ranks ? tr("rank 0 GPU memory (right)") : tr("GPU memory (right)"),
                           QColor(0, 120, 110, 200), 1.2, Qt::SolidLine, yAxis2);
    yAxis2->setVisible(true);
  }
  gpu_->addData(seconds, percent);
  if (memoryBytes >= 0) appendCompressed(gpuMemory_, seconds, megabytes(memoryBytes));
}

void HardwarePlot::addDataWait(double seconds, double percent) {
  if (!dataWait_)  // on the first step that has the figure
    dataWait_ = addSeries(QString(), QColor(200, 40, 60), 1.4);
  dataWait_->addData(seconds, percent);
  // The latest value in the legend: a wait of a few percent hugs the axis
  // drawn for CPU use of 100% and more.
  dataWait_->setName(tr("data wait: %L1 % of step time").arg(percent, 0, 'f', 1));
}

QString HardwarePlot::describe(const QCPGraph* graph, double key, double value) const {
  if (graph == dataWait_)  // its name holds the latest value
    return tr("data wait\n%1 elapsed: %L2 % of step time")
        .arg(elapsedText(key))
        .arg(value, 0, 'f', 1);
  QString v;
  if (graph->valueAxis() == yAxis2)
    v = tr("%L1 MB").arg(value, 0, 'f', 1);
  else if (graph == gpu_)
    v = tr("%L1 %").arg(value, 0, 'f', 0);
  else
    v = tr("%L1 % of one core").arg(value, 0, 'f', 0);
  return tr("%1\n%2 elapsed: %3").arg(graph->name(), elapsedText(key), v);
}

}  // namespace spanforge::ui
