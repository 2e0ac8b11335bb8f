#pragma once

#include "active/alexperiment.h"

#include <QWidget>

#include <cstdint>
#include <vector>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace spanforge::ui {

// The settings of an active-learning simulation: strategies, the start and
// step shares, rounds, seeds, where each round starts (the last round's
// model, random or pretrained weights), the held-out test share, the
// full-data reference and pretraining; says how many trainings they make.
class AlSimulationForm : public QWidget {
  Q_OBJECT

 public:
  explicit AlSimulationForm(QWidget* parent = nullptr);

  active::AlExperimentOptions options() const;
  // Held out as the test set when no document is marked test (0..1).
  double testFraction() const;
  // Trainings the settings make (seed rounds, strategy rounds, full data).
  int trainings() const;
  // The pace to estimate the time by: a training on all the labelled data
  // took `seconds` (run `runId`); 0 seconds: no finished run to go by.
  void setPace(double seconds, int64_t runId);
  // Seconds the settings take at that pace (a round costs its share of the
  // data); negative when there is no pace.
  double estimatedSeconds() const;
  QString costText() const;
  bool isValid() const { return !options().simulation.strategies.empty(); }

  QCheckBox* strategyBox(active::Strategy s) const;
  QDoubleSpinBox* seedShare() const { return seedShare_; }
  QDoubleSpinBox* stepShare() const { return stepShare_; }
  QSpinBox* rounds() const { return rounds_; }
  QSpinBox* seeds() const { return seeds_; }
  QCheckBox* fullData() const { return fullData_; }
  QComboBox* retrain() const { return retrain_; }
  QCheckBox* pretrain() const { return pretrain_; }

 signals:
  void changed();

 private:
  void updateCost();
  // Scratch rules pretraining out and Pretrained implies it.
  void retrainChanged();

  std::vector<std::pair<active::Strategy, QCheckBox*>> strategies_;
  QDoubleSpinBox* seedShare_;
  QDoubleSpinBox* stepShare_;
  QSpinBox* rounds_;
  QSpinBox* seeds_;
  QComboBox* retrain_;
  QDoubleSpinBox* testShare_;
  QCheckBox* fullData_;
  QCheckBox* pretrain_;
  QLabel* cost_;
  double paceSeconds_ = 0.0;
  int64_t paceRun_ = 0;
};

}  // namespace spanforge::ui
