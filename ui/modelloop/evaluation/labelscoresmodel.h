#pragma once

#include "train/eval/evaluationreport.h"

#include <QAbstractTableModel>

#include <string>
#include <vector>

namespace spanforge::ui {

// The per-label table of an evaluation: precision, recall and F1 in %, and
// support (gold entities) for every label, then the micro average over all.
class LabelScoresModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { LabelColumn, PrecisionColumn, RecallColumn, F1Column, SupportColumn, ColumnCount };

  explicit LabelScoresModel(QObject* parent = nullptr);

  void setReport(const train::EvaluationReport& report);
  void clear();
  // The label of a row; empty for the "All" row.
  QString label(int row) const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;

 private:
  std::vector<std::pair<std::string, train::PrfScores>> rows_;  // labels, then "" = all
};

}  // namespace spanforge::ui
