#pragma once

#include <QToolBar>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;

namespace spanforge::ui {

// The actions of model-in-the-loop annotation, for the toolbar.
struct ModelActions {
  QAction* predict = nullptr;    // suggestions for the open document
  QAction* acceptAll = nullptr;  // accept its suggestions
  QAction* rank = nullptr;       // rank the unlabelled pool
  QAction* cancelRank = nullptr;
  QAction* next = nullptr;  // next most informative document
};

// The "Model" toolbar: which model suggests, the suggestion actions, the
// pool ranking (strategy, near-duplicate skipping, Rank Pool with progress
// and Cancel, Next Most Informative).
class ModelToolBar : public QToolBar {
  Q_OBJECT

 public:
  static constexpr int kModelNameWidth = 220;  // px of the name shown
  ModelToolBar(const ModelActions& actions, QWidget* parent = nullptr);

  // Empty: no current model.
  void setModelName(const QString& name);
  // Ranking under way (done of total documents), or not.
  void setRanking(bool running, qint64 done = 0, qint64 total = 0);

  QComboBox* strategyCombo() const { return strategy_; }
  QCheckBox* nearDuplicates() const { return nearDuplicates_; }
  QProgressBar* progress() const { return progress_; }
  QLabel* modelLabel() const { return model_; }

 private:
  ModelActions actions_;
  QLabel* model_;
  QComboBox* strategy_;
  QCheckBox* nearDuplicates_;
  QProgressBar* progress_;
  QAction* progressAction_;
};

}  // namespace spanforge::ui
