#pragma once

#include "modelloop/review/boundarydraft.h"
#include "store/records.h"
#include "text/span.h"

#include <QPointer>
#include <QWidget>

#include <memory>
#include <optional>

class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QPushButton;
class QTableView;
class QTimer;

namespace spanforge::store {
class ReviewQueue;
}

namespace spanforge::ui {

class AnnotationSession;
class ReviewQueueModel;

// The review queue: the current model's predicted spans across the project,
// least confident first, each in its context, filtered by label, score range
// and document status. Driven from the keyboard:
//   Space accept · Delete reject · a label key accept with that label ·
//   Ctrl+Left/Right move the start · Shift+Left/Right move the end (token by
//   token; Esc restores) · Enter open in the editor.
// Every decision is a session command (undoable, saved at once); the row
// then leaves the queue and the next one is current. Moving to a row shows
// its document in the editor.
class ReviewQueueView : public QWidget {
  Q_OBJECT

 public:
  explicit ReviewQueueView(QWidget* parent = nullptr);
  ~ReviewQueueView() override;

  // nullptr: no project open.
  void setSession(AnnotationSession* session);
  void setModel(const std::optional<store::ModelRecord>& model);
  // Reads the queue again (after a ranking stored new predictions).
  void reload();

  ReviewQueueModel* model() const { return model_; }
  QTableView* table() const { return table_; }
  QComboBox* labelCombo() const { return labelCombo_; }
  QDoubleSpinBox* minScore() const { return minScore_; }
  QDoubleSpinBox* maxScore() const { return maxScore_; }
  QPushButton* probablyWrong() const { return probablyWrong_; }
  // The highest score "Probably wrong" lists (scores have two decimals here).
  static constexpr double kProbablyWrongBelow = 0.49;
  QComboBox* statusCombo() const { return statusCombo_; }

 signals:
  // Show the document with this predicted span; focus: move to the editor.
  void documentRequested(qint64 id, const spanforge::text::Span& span, bool focus);
  void message(const QString& text);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 private:
  bool handleKey(int key, Qt::KeyboardModifiers modifiers, const QString& text);
  void applyFilter();
  void updateLabels();
  void refreshKeepingRow();
  void updateFooter();
  int currentRow() const;
  void accept(const QString& label);
  void reject();
  bool moveBoundary(bool startEdge, int delta);
  void restore();

  QPointer<AnnotationSession> session_;
  std::optional<store::ModelRecord> modelRecord_;
  std::unique_ptr<store::ReviewQueue> queue_;
  ReviewQueueModel* model_;
  QComboBox* labelCombo_;
  QDoubleSpinBox* minScore_;
  QDoubleSpinBox* maxScore_;
  QPushButton* probablyWrong_;
  QComboBox* statusCombo_;
  QTableView* table_;
  QLabel* footer_;
  QTimer* refreshTimer_;
  BoundaryDraft draft_;
};

}  // namespace spanforge::ui
