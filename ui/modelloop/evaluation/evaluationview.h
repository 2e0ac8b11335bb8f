#pragma once

#include "common/jobtracker.h"
#include "store/records.h"
#include "text/span.h"

#include <QPointer>
#include <QWidget>

#include <atomic>
#include <memory>
#include <optional>

class QLabel;
class QProgressBar;
class QPushButton;
class QSplitter;
class QTableView;

namespace spanforge::active {
struct DevEvaluation;
}

namespace spanforge::ui {

class AnnotationSession;
class ErrorExampleModel;
class ErrorMatrixModel;
class ReliabilityPlot;
class EvaluationWorker;
class LabelScoresModel;
class WorkerThread;
struct EvaluationOutcome;

// Evaluation that leads back to the data: the current model scored on the
// project's dev documents (in the background), as a per-label table (P/R/F,
// support) and an error matrix (gold label x predicted label, plus missed,
// spurious and boundary errors). Clicking a cell, or a label's row, lists
// its examples in context; double-click or Enter opens one in the editor.
// Evaluates by itself when shown with a model it has not scored yet.
class EvaluationView : public QWidget {
  Q_OBJECT

 public:
  explicit EvaluationView(QWidget* parent = nullptr);
  ~EvaluationView() override;

  // nullptr: no project open (a running evaluation is abandoned).
  void setSession(AnnotationSession* session);
  void setModel(const std::optional<store::ModelRecord>& model);
  bool running() const { return jobs_.isRunning(); }

  QTableView* labelTable() const { return labelTable_; }
  QTableView* matrix() const { return matrix_; }
  ReliabilityPlot* reliability() const { return reliability_; }
  // The last evaluation shown; null before one.
  const active::DevEvaluation* evaluation() const { return evaluation_.get(); }
  QTableView* examples() const { return examples_; }
  ErrorMatrixModel* matrixModel() const { return matrixModel_; }
  ErrorExampleModel* exampleModel() const { return exampleModel_; }
  QPushButton* evaluateButton() const { return evaluate_; }

 public slots:
  void evaluate();
  void cancel();

 signals:
  void documentRequested(qint64 id, const spanforge::text::Span& span, bool focus);
  void message(const QString& text);
  void evaluated();

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void finished(const EvaluationOutcome& outcome);
  void showEvaluation();
  void listCell(const QModelIndex& cell);
  void listLabel(const QModelIndex& row);
  void openExample(const QModelIndex& index);
  void updateRunning();
  void fitTables();

  QPointer<AnnotationSession> session_;
  std::optional<store::ModelRecord> model_;
  std::shared_ptr<const active::DevEvaluation> evaluation_;
  int64_t evaluatedModel_ = 0;
  LabelScoresModel* scoresModel_;
  ErrorMatrixModel* matrixModel_;
  ErrorExampleModel* exampleModel_;
  QLabel* summary_;
  QPushButton* evaluate_;
  QPushButton* cancel_;
  QProgressBar* busy_;
  QTableView* labelTable_;
  QTableView* matrix_;
  ReliabilityPlot* reliability_;
  QSplitter* split_;
  QLabel* caption_;
  QTableView* examples_;
  EvaluationWorker* worker_ = nullptr;
  std::unique_ptr<WorkerThread> thread_;
  std::shared_ptr<std::atomic<bool>> cancelFlag_;
  JobTracker jobs_;
};

}  // namespace spanforge::ui
