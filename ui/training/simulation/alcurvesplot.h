#pragma once

#include "active/alsummary.h"
#include "training/dashboard/trainingplot.h"

namespace spanforge::ui {

// Test F1 against the share of the pool labelled, one curve per strategy
// (the mean over the seeds, a band of ± one sd with several), with the
// full-data F1 and its 95% and 99% as dashed lines. The dashboard plots'
// look, hover and "Save as PNG"; fed by setSummary(), not by metric events.
class AlCurvesPlot : public TrainingPlot {
  Q_OBJECT

 public:
  explicit AlCurvesPlot(QWidget* parent = nullptr);

  void setSummary(const active::AlSummary& summary);
  void clear() override;
  void addEvent(const store::MetricEvent&) override {}  // no run events here

  // The mean curve of a strategy; null when it has no points.
  QCPGraph* curve(active::Strategy strategy) const;

 protected:
  QString describe(const QCPGraph* graph, double key, double value) const override;

 private:
  void addLevel(const QString& name, double f1, double right, Qt::PenStyle style);

  std::vector<std::pair<active::Strategy, QCPGraph*>> curves_;
};

}  // namespace spanforge::ui
