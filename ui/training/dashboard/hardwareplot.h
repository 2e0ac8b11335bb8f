#pragma once

#include "training/dashboard/trainingplot.h"

#include <vector>

namespace spanforge::ui {

// CPU and GPU use over wall-clock time: the CPU use of the training
// processes in percent of one core (their sum, and each rank's beside it in
// a multi-process run), the share of step time the trainer waited for its
// batches' tensors (same axis: a high one means the data, not the model, is
// the bottleneck) and, when training on an NVIDIA GPU whose driver answers,
// its utilisation (same axis) and memory used (MB, right axis).
// Live runs only: the run store does not keep these figures, so a stored run
// shows a note instead and there is no comparison curve.
class HardwarePlot : public TrainingPlot {
  Q_OBJECT

 public:
  explicit HardwarePlot(QWidget* parent = nullptr);

  void clear() override;
  // Events without a CPU or data-wait figure (evaluations, stored steps)
  // add nothing.
  void addEvent(const store::MetricEvent& event) override;

  QCPGraph* cpuGraph() const { return cpu_; }
  // One per rank, by rank; empty until an event carries ranks' CPU figures.
  const std::vector<QCPGraph*>& rankCpuGraphs() const { return rankCpus_; }
  // Null until an event carries a GPU figure.
  QCPGraph* gpuGraph() const { return gpu_; }
  QCPGraph* gpuMemoryGraph() const { return gpuMemory_; }
  // Null until an event carries a data-wait figure.
  QCPGraph* dataWaitGraph() const { return dataWait_; }
  bool noteVisible() const;
  QString noteText() const;
  // What the empty plot says: a live run without figures, or a stored run.
  void setLive(bool live);

 protected:
  QString describe(const QCPGraph* graph, double key, double value) const override;
  void applyPalette() override;

 private:
  void addRankCpus(double seconds, const std::vector<double>& percents);
  void addGpu(double seconds, double percent, int64_t memoryBytes, bool ranks);
  void addDataWait(double seconds, double percent);
  void fit(double seconds, double percent, double mb);

  QCPGraph* cpu_;
  std::vector<QCPGraph*> rankCpus_;
  QCPGraph* gpu_ = nullptr;
  QCPGraph* gpuMemory_ = nullptr;
  QCPGraph* dataWait_ = nullptr;
  QCPItemText* note_;
  QSharedPointer<QCPAxisTickerTime> timeTicker_;
  double maxSeconds_ = 0.0, maxPercent_ = 0.0, maxMb_ = 0.0;
};

}  // namespace spanforge::ui
