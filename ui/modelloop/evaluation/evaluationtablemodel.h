#pragma once

#include "store/records.h"

#include <QAbstractTableModel>

#include <vector>

namespace spanforge::ui {

// The table `spacy train` prints, one row per dev evaluation: epoch, step,
// training loss since the previous evaluation, dev P/R/F in %, training
// words/s (of the step before, as `spanforge-cli train` prints it), memory
// and elapsed time. The best row so far (the model kept) is bold and starred.
class EvaluationTableModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Epoch, Step, Loss, Precision, Recall, F1, Speed, Memory, Time, ColumnCount };

  explicit EvaluationTableModel(QObject* parent = nullptr);

  void clear();
  // A step only updates the speed the next row shows.
  void append(const store::MetricEvent& event);
  void load(const std::vector<store::MetricEvent>& events);
  int bestRow() const { return best_; }
  const store::MetricEvent& row(int i) const { return rows_.at(static_cast<size_t>(i)); }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  QString text(const store::MetricEvent& e, int column) const;

  std::vector<store::MetricEvent> rows_;
  int best_ = -1;
  double trainSpeed_ = 0.0;
};

}  // namespace spanforge::ui
