#pragma once

#include "store/records.h"
#include "trainingplot.h"

#include <QMap>
#include <QStringList>

#include <vector>

namespace spanforge::ui {

// Dev precision, recall and F1 (in %) per evaluation, overall, plus an F1
// curve per label that can be shown or hidden, the best F1 marked with a
// star, and optionally a second run's overall F1 for comparison.
class MetricsPlot : public TrainingPlot {
  Q_OBJECT

 public:
  explicit MetricsPlot(QWidget* parent = nullptr);

  void clear();
  void addEvaluation(const store::MetricEvent& event);  // event.hasScores
  void load(const std::vector<store::MetricEvent>& events);
  void setComparison(const std::vector<store::MetricEvent>& events, const QString& name);
  void clearComparison();

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
  QString describe(const QCPGraph* graph, double key, double value) const override;

 private:
  QCPGraph* labelCurve(const QString& label);

  QCPGraph* p_;
  QCPGraph* r_;
  QCPGraph* f_;
  QCPGraph* best_;
  QCPGraph* other_;
  QMap<QString, QCPGraph*> perLabel_;
  double bestF1_ = -1.0;
  double maxStep_ = 0.0;
};

}  // namespace spanforge::ui
