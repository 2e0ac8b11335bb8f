#pragma once

#include "training/setup/datacheckworker.h"

#include <QWidget>

class QLabel;
class QTreeWidget;

namespace spanforge::ui {

// The result of the checks run before training: a summary (train and dev
// sizes, how dev was chosen), then each debug-data check with its severity
// and first examples, and the documents left out while loading. A problem
// that keeps training from starting is shown first, in red.
class DataCheckView : public QWidget {
  Q_OBJECT

 public:
  explicit DataCheckView(QWidget* parent = nullptr);

  void clear(const QString& message = {});
  void setResult(const DataCheckOutcome& result);
  QTreeWidget* tree() const { return tree_; }
  QString summary() const;

 private:
  QLabel* summary_;
  QTreeWidget* tree_;
};

}  // namespace spanforge::ui
