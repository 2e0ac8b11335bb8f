#pragma once

#include "store/patternrepository.h"

#include <QAbstractTableModel>

#include <vector>

namespace spanforge::ui {

// The project's pattern sets: name (checkable: enabled), what they are, how
// many patterns. Unchecking asks through enabledToggled; the owner writes it
// and calls setSets again.
class PatternSetModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { Name, Patterns, Kind, ColumnCount };

  explicit PatternSetModel(QObject* parent = nullptr) : QAbstractTableModel(parent) {}

  void setSets(std::vector<store::PatternSetRecord> sets);
  const store::PatternSetRecord& set(int row) const { return sets_.at(size_t(row)); }
  int rowOf(int64_t id) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  bool setData(const QModelIndex& index, const QVariant& value, int role = Qt::EditRole) override;
  Qt::ItemFlags flags(const QModelIndex& index) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 signals:
  void enabledToggled(qint64 setId, bool enabled);

 private:
  std::vector<store::PatternSetRecord> sets_;
};

}  // namespace spanforge::ui
