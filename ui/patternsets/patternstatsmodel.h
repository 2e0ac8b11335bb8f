#pragma once

#include "store/patternrepository.h"

#include <QAbstractTableModel>

#include <vector>

namespace spanforge::ui {

// One set's patterns with what each did: its matches, how many were accepted
// and rejected, and the share accepted of those decided, so that a pattern
// people keep rejecting stands out (sort by Rejected or Accepted %).
class PatternStatsModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Line, Label, Pattern, Matches, Accepted, Rejected, Precision, ColumnCount };
  struct Row {
    store::PatternRecord pattern;
    store::PatternCounts counts;
  };
  // Sorting role: numbers as numbers.
  static constexpr int SortRole = Qt::UserRole + 1;

  explicit PatternStatsModel(QObject* parent = nullptr) : QAbstractTableModel(parent) {}

  void setRows(std::vector<Row> rows);
  const Row& row(int r) const { return rows_.at(size_t(r)); }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::vector<Row> rows_;
};

}  // namespace spanforge::ui
