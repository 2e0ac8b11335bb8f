#pragma once

#include "training/dashboard/trainingplot.h"

#include <QMap>
#include <QStringList>

namespace spanforge::ui {

// Dev precision, recall and F1 (in %) per evaluation, overall, plus an F1
// curve per label that can be shown or hidden, the best F1 marked with a
// star, and optionally a second run's overall F1 for comparison.
class MetricsPlot : public TrainingPlot {
  Q_OBJECT

 public:
  explicit MetricsPlot(QWidget* parent = nullptr);

  void clear() override;
  // Evaluations only (event.hasScores).
  void addEvent(const store::MetricEvent& event) override;

  QStringList labels() const { return perLabel_.keys(); }
  QColor labelColor(const QString& label) const;
  void setLabelVisible(const QString& label, bool visible);
  bool isLabelVisible(const QString& label) const;
  QCPGraph* f1Graph() const { return f_; }
  QCPGraph* labelGraph(const QString& label) const { return perLabel_.value(label); }

 signals:
  // A label seen for the first time got its curve (hidden until shown).
  void labelAdded(const QString& label);

 protected:
  void plotComparison(const std::vector<store::MetricEvent>& events) override;
  QString describe(const QCPGraph* graph, double key, double value) const override;

 private:
  QCPGraph* labelCurve(const QString& label);

  QCPGraph* p_;
  QCPGraph* r_;
  QCPGraph* f_;
  QCPGraph* best_;
  QMap<QString, QCPGraph*> perLabel_;
  double bestF1_ = -1.0;
  double maxStep_ = 0.0;
};

}  // namespace spanforge::ui
