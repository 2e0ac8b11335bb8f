#pragma once

#include "active/alsummary.h"

#include <QAbstractTableModel>

#include <vector>

namespace spanforge::ui {

// The simulated learning curves as a table: a row per labelled share, a
// column per strategy with its mean test F1 over the seeds (± sd with
// several); the tool tip adds min, max and how many seeds got there.
class AlCurvesModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  // Qt::UserRole of a strategy cell: its mean F1 (0..1), or invalid.
  static constexpr int kMeanRole = Qt::UserRole;

  explicit AlCurvesModel(QObject* parent = nullptr);

  void setSummary(const active::AlSummary& summary);
  const active::AlSummary& summary() const { return summary_; }

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  const active::AlSummaryPoint* point(int row, int strategy) const;

  active::AlSummary summary_;
  std::vector<double> shares_;  // the rows' labelled shares, ascending
};

}  // namespace spanforge::ui
