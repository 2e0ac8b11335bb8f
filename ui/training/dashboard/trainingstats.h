#pragma once

#include "store/records.h"
#include "train/config/trainconfig.h"
#include "train/trainevent.h"

#include <QWidget>

#include <vector>

class QLabel;

namespace spanforge::ui {

// The figures above the plots: step and epoch, training words/s, elapsed
// time, where the run stops if dev F1 stops improving (StopForecast), the
// best dev F1 so far and the early-stopping patience left.
class TrainingStats : public QWidget {
  Q_OBJECT

 public:
  enum Field { Step, Speed, Elapsed, Eta, Best, Patience, FieldCount };

  explicit TrainingStats(QWidget* parent = nullptr);

  void clear();
  // The run's [training] settings: its patience, evaluation frequency and limits.
  void setSettings(const train::TrainingSettings& settings);
  void showStep(const train::StepEvent& e);
  void showEvaluation(const train::EvaluationEvent& e);
  void showFinished(const train::FinishedEvent& e);
  // A stored run: what its events tell (no ETA, no patience).
  void showStored(const std::vector<store::MetricEvent>& events);

  QString value(Field f) const;

 private:
  void set(Field f, const QString& text);

  QLabel* values_[FieldCount];
  train::TrainingSettings settings_;
  int64_t bestStep_ = 0;
};

}  // namespace spanforge::ui
