#pragma once

#include "store/records.h"
#include "training/trainingworker.h"

#include <QWidget>

#include <vector>

class QLabel;
class QSplitter;
class QListWidget;
class QListWidgetItem;
class QProgressBar;
class QPushButton;
class QTableView;

namespace spanforge::ui {

class EvaluationTableModel;
class MetricsPlot;
class TrainingPlot;
class TrainingStats;

// The live view of a training run, also used to re-open a stored one: its
// plots (loss, dev P/R/F with per-label curves toggled in the list beside,
// memory and speed, CPU and GPU use with the data wait), the figures strip
// and spaCy's evaluation table; Stop while training; a readable error banner
// when a run fails. A second run can be overlaid. Every plot gets the same
// metric events through TrainingPlot.
class TrainingDashboard : public QWidget {
  Q_OBJECT

 public:
  explicit TrainingDashboard(QWidget* parent = nullptr);

  // Back to "no run" (another project was opened).
  void clear();
  void startLive(const TrainingStart& start);
  void addSteps(const std::vector<train::StepEvent>& steps);
  void addEvaluation(const train::EvaluationEvent& evaluation);
  // Adds the size batch_size = "auto" chose to the header; the sizes
  // measured are in its tooltip.
  void showBatchSize(const train::BatchSizeEvent& choice);
  void finishLive(const TrainingOutcome& outcome);
  bool isLive() const { return live_; }

  void showRun(const store::RunRecord& run, const std::vector<store::MetricEvent>& events);
  void compareWith(const store::RunRecord& run, const std::vector<store::MetricEvent>& events);
  void clearComparison();
  int64_t shownRun() const { return runId_; }

  // In layout order.
  const std::vector<TrainingPlot*>& plots() const { return plots_; }
  // The plot of type P (include its header), or nullptr.
  template <class P>
  P* plot() const {
    for (TrainingPlot* p : plots_)
      if (auto* found = qobject_cast<P*>(p)) return found;
    return nullptr;
  }
  EvaluationTableModel* table() const { return table_; }
  QTableView* tableView() const { return tableView_; }
  TrainingStats* stats() const { return stats_; }
  QListWidget* labelList() const { return labels_; }
  QPushButton* stopButton() const { return stop_; }
  QPushButton* useButton() const { return use_; }
  // Offers "Use This Model" for a run's model (0: hides it).
  void offerModel(int64_t modelId);
  // Hides the offer when it was for this model.
  void modelBecameCurrent(int64_t modelId);
  QString stateText() const;
  QString errorText() const;

 signals:
  void stopRequested();
  void useModelRequested(qint64 modelId);

 protected:
  // Plots beside the scores when wide; stacked when narrow (a docked panel).
  void resizeEvent(QResizeEvent* event) override;

 private:
  QWidget* buildPlots();
  QSplitter* plotSplitter_ = nullptr;
  void reset(int64_t runId, const QString& device);
  void addEvent(const store::MetricEvent& event);
  void setState(const QString& text);
  void showError(const QString& text);
  void addLabel(const QString& label);
  void labelToggled(QListWidgetItem* item);
  void savePlot(TrainingPlot* plot);

  QLabel* state_;
  QProgressBar* progress_;
  QPushButton* stop_;
  QPushButton* use_;
  int64_t offered_ = 0;
  QLabel* error_;
  TrainingStats* stats_;
  std::vector<TrainingPlot*> plots_;
  MetricsPlot* metrics_;  // its labels fill the list beside it
  QListWidget* labels_;
  EvaluationTableModel* table_;
  QTableView* tableView_;
  bool live_ = false;
  int64_t runId_ = 0;
  QString header_;
};

}  // namespace spanforge::ui
