#pragma once

#include "active/devevaluator.h"

#include <QAbstractTableModel>
#include <QStringList>

#include <memory>
#include <vector>

namespace spanforge::ui {

// The error matrix of a dev evaluation: a row per gold label plus "No
// entity" (spurious predictions), a column per predicted label plus
// "Missed" (gold entities nothing predicted) and "Boundary" (a prediction
// of the right label with other boundaries). The diagonal counts exact
// matches; (gold A, predicted B) counts wrong labels, with or without wrong
// boundaries. Each cell knows its examples.
class ErrorMatrixModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  explicit ErrorMatrixModel(QObject* parent = nullptr);

  void setEvaluation(std::shared_ptr<const active::DevEvaluation> evaluation);
  const QStringList& labels() const { return labels_; }
  int missedColumn() const { return labels_.size(); }
  int boundaryColumn() const { return labels_.size() + 1; }
  int noEntityRow() const { return labels_.size(); }
  // Indexes into the evaluation's examples counted in a cell.
  const std::vector<size_t>& examples(const QModelIndex& index) const;
  // "PER predicted as LOC", "LOC missed", ...: what a cell counts.
  QString describe(const QModelIndex& index) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::shared_ptr<const active::DevEvaluation> evaluation_;
  QStringList labels_;
  std::vector<std::vector<std::vector<size_t>>> cells_;  // [row][column]
  size_t maxError_ = 1;
};

}  // namespace spanforge::ui
