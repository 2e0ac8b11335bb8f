#pragma once

#include "training/dashboard/trainingplot.h"

#include <vector>

namespace spanforge::ui {

// Memory and speed over wall-clock time: on a GPU the CUDA allocator's
// allocated and reserved bytes, on the CPU the process's resident and peak
// resident memory (MB, left axis); training words per second on the right,
// and in a multi-process run each process's words per second beside it.
class MemoryPlot : public TrainingPlot {
  Q_OBJECT

 public:
  explicit MemoryPlot(QWidget* parent = nullptr);

  void clear() override;
  // Also names the memory curves for the device.
  void start(const QString& device) override;
  // Step events only: an evaluation's speed is the dev set's, not training's.
  void addEvent(const store::MetricEvent& event) override;

  QCPGraph* memoryGraph() const { return current_; }
  QCPGraph* speedGraph() const { return speed_; }
  // One per rank, by rank; empty until an event carries ranks' speeds.
  const std::vector<QCPGraph*>& rankSpeedGraphs() const { return rankSpeeds_; }

 protected:
  void plotComparison(const std::vector<store::MetricEvent>& events) override;
  QString describe(const QCPGraph* graph, double key, double value) const override;

 private:
  void setDevice(const QString& device);
  void fit(double seconds, double mb, double wordsPerSecond);
  void addRankSpeeds(double seconds, const std::vector<double>& wordsPerSecond);

  QCPGraph* current_;
  QCPGraph* peak_;
  QCPGraph* speed_;
  std::vector<QCPGraph*> rankSpeeds_;
  QSharedPointer<QCPAxisTickerTime> timeTicker_;
  double maxSeconds_ = 0.0, maxMb_ = 0.0, maxSpeed_ = 0.0;
};

}  // namespace spanforge::ui
