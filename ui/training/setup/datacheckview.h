#pragma once

#include "training/setup/datacheckworker.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTreeWidget;

namespace spanforge::ui {

// The result of the checks run before training: a summary (train and dev
// sizes, how dev was chosen), then each debug-data check with its severity
// and first examples, and the documents left out while loading. A problem
// that keeps training from starting is shown first, in red. When a check
// found something that needs no judgement (white space at a span's ends, a
// span cutting into a token, an empty document), "Fix What Can Be Fixed"
// shows beside the summary.
class DataCheckView : public QWidget {
  Q_OBJECT

 public:
  explicit DataCheckView(QWidget* parent = nullptr);

  void clear(const QString& message = {});
  void setResult(const DataCheckOutcome& result);
  QTreeWidget* tree() const { return tree_; }
  QPushButton* fixButton() const { return fix_; }
  QString summary() const;
  // Whether a check found what project::DataFixes mends.
  static bool fixable(const DataCheckOutcome& result);

 signals:
  void fixRequested();

 private:
  QLabel* summary_;
  QPushButton* fix_;
  QTreeWidget* tree_;
};

}  // namespace spanforge::ui
