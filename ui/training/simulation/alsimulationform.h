#pragma once

#include "active/alexperiment.h"

#include <QWidget>

#include <vector>

class QCheckBox;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace spanforge::ui {

// The settings of an active-learning simulation: strategies, the start and
// step shares, rounds, seeds, the held-out test share, the full-data
// reference and pretraining; says how many trainings they make.
class AlSimulationForm : public QWidget {
  Q_OBJECT

 public:
  explicit AlSimulationForm(QWidget* parent = nullptr);

  active::AlExperimentOptions options() const;
  // Held out as the test set when no document is marked test (0..1).
  double testFraction() const;
  // Trainings the settings make (seed rounds, strategy rounds, full data).
  int trainings() const;
  bool isValid() const { return !options().simulation.strategies.empty(); }

  QCheckBox* strategyBox(active::Strategy s) const;
  QDoubleSpinBox* seedShare() const { return seedShare_; }
  QDoubleSpinBox* stepShare() const { return stepShare_; }
  QSpinBox* rounds() const { return rounds_; }
  QSpinBox* seeds() const { return seeds_; }
  QCheckBox* fullData() const { return fullData_; }

 signals:
  void changed();

 private:
  void updateCost();

  std::vector<std::pair<active::Strategy, QCheckBox*>> strategies_;
  QDoubleSpinBox* seedShare_;
  QDoubleSpinBox* stepShare_;
  QSpinBox* rounds_;
  QSpinBox* seeds_;
  QDoubleSpinBox* testShare_;
  QCheckBox* fullData_;
  QCheckBox* pretrain_;
  QLabel* cost_;
};

}  // namespace spanforge::ui
