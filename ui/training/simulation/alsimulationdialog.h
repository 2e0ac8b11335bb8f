#pragma once

#include "train/config/trainconfig.h"

#include <QDialog>

class QLabel;
class QPushButton;
class QTableView;

namespace spanforge::ui {

class AlCurvesModel;
class AlCurvesPlot;
class AlSimulationController;
class AlSimulationForm;

// Train > Simulate Active Learning: replays labelling with the gold spans of
// the project's accepted documents to show which strategy would get a good
// model from the fewest labels, with the curves drawn and tabulated as the
// rounds end, the share at which each reaches 95% / 99% of the all-labels
// F1, and the experiment saved as JSON (tools/plot-al-curves.py plots it).
// Non-modal: labelling goes on while it runs. It reads the project once.
class AlSimulationDialog : public QDialog {
  Q_OBJECT

 public:
  explicit AlSimulationDialog(QWidget* parent = nullptr);
  ~AlSimulationDialog() override;

  // The project and training config the next run uses (ignored while one runs).
  void setProject(const QString& projectPath, const train::TrainConfig& config);

  bool isRunning() const;
  AlSimulationForm* form() const { return form_; }
  QPushButton* runButton() const { return run_; }
  QPushButton* saveButton() const { return save_; }
  AlCurvesPlot* plot() const { return plot_; }
  QTableView* table() const { return table_; }
  AlCurvesModel* model() const { return model_; }
  QLabel* statusLabel() const { return status_; }
  QLabel* reachLabel() const { return reach_; }

  // Shows a saved experiment; false (and a message box unless `quiet`) when
  // it cannot be read.
  bool openJson(const QString& path, bool quiet = false);
  QPushButton* openButton() const { return open_; }
  // Writes the last finished experiment's JSON; false (and a message box
  // unless `quiet`) when it cannot.
  bool saveJson(const QString& path, bool quiet = false);

 private:
  void runOrStop();
  void showResults();
  void onRunningChanged(bool running);

  QString projectPath_;
  train::TrainConfig config_;
  AlSimulationController* controller_;
  AlSimulationForm* form_;
  QPushButton* run_;
  QPushButton* save_;
  QPushButton* open_;
  QLabel* data_;
  QLabel* status_;
  AlCurvesPlot* plot_;
  AlCurvesModel* model_;
  QTableView* table_;
  QLabel* reach_;
  QString lastStatus_;
};

}  // namespace spanforge::ui
