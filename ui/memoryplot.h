#pragma once

#include "store/records.h"
#include "trainingplot.h"

#include <vector>

namespace spanforge::ui {

// Memory and speed over wall-clock time: on a GPU the CUDA allocator's
// allocated and reserved bytes, on the CPU the process's resident and peak
// resident memory (MB, left axis); training words per second on the right.
class MemoryPlot : public TrainingPlot {
  Q_OBJECT

 public:
  explicit MemoryPlot(QWidget* parent = nullptr);

  void clear();
  // Names the memory curves for the device ("cpu", "cuda:0", ...).
  void setDevice(const QString& device);
  void addSample(const store::MetricEvent& event);
  void load(const std::vector<store::MetricEvent>& events);
  void setComparison(const std::vector<store::MetricEvent>& events, const QString& name);
  void clearComparison();

  QCPGraph* memoryGraph() const { return current_; }
  QCPGraph* speedGraph() const { return speed_; }

 protected:
  QString describe(const QCPGraph* graph, double key, double value) const override;

 private:
  void fit(double seconds, double mb, double wordsPerSecond);

  QCPGraph* current_;
  QCPGraph* peak_;
  QCPGraph* speed_;
  QCPGraph* other_;
  QSharedPointer<QCPAxisTickerTime> timeTicker_;
  double maxSeconds_ = 0.0, maxMb_ = 0.0, maxSpeed_ = 0.0;
};

}  // namespace spanforge::ui
