#pragma once

#include "training/dashboard/trainingplot.h"

namespace spanforge::ui {

// Training loss per step: the raw loss of each batch (faint) and an
// exponential moving average (bold, debiased as TensorBoard does), on a log
// axis because the first steps' loss is many times the later one. A second
// run's smoothed loss can be overlaid for comparison.
class LossPlot : public TrainingPlot {
  Q_OBJECT

 public:
  static constexpr double kSmoothing = 0.9;
  // The smoothed curve keeps between this and twice this many points (a
  // thick line costs milliseconds per thousand points to draw; smooth data
  // does not need them all).
  static constexpr int kSmoothedPoints = 300;

  explicit LossPlot(QWidget* parent = nullptr);

  void clear() override;
  // A pretraining run's loss is per predicted character, a training run's
  // per sentence: the axis says which.
  void setPretraining(bool pretraining);
  // Step events only (evaluations are left out).
  void addEvent(const store::MetricEvent& event) override;

  QCPGraph* rawGraph() const { return raw_; }
  QCPGraph* smoothedGraph() const { return smoothed_; }

 protected:
  void plotComparison(const std::vector<store::MetricEvent>& events) override;
  QString describe(const QCPGraph* graph, double key, double value) const override;

 private:
  void fit(double step, double loss);
  void addSmoothed(double step, double value);

  QCPGraph* raw_;
  QCPGraph* smoothed_;
  double ema_ = 0.0;
  int count_ = 0;
  int stride_ = 1;            // every stride_-th smoothed value is kept
  bool lastIsExtra_ = false;  // the newest point, shown although off the stride
  double maxStep_ = 0.0, minLoss_ = 0.0, maxLoss_ = 0.0;
};

}  // namespace spanforge::ui
