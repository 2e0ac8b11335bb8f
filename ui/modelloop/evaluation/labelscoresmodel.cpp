#include "modelloop/evaluation/labelscoresmodel.h"

#include <QFont>

namespace spanforge::ui {

LabelScoresModel::LabelScoresModel(QObject* parent) : QAbstractTableModel(parent) {}

void LabelScoresModel::setReport(const train::EvaluationReport& report) {
  beginResetModel();
  rows_.clear();
  for (const auto& [label, scores] : report.perLabel) rows_.emplace_back(label, scores);
  rows_.emplace_back(std::string(), report.overall);
  endResetModel();
}

void LabelScoresModel::clear() {
  beginResetModel();
  rows_.clear();
  endResetModel();
}

QString LabelScoresModel::label(int row) const {
  if (row < 0 || row >= rowCount()) return {};
  return QString::fromStdString(rows_[size_t(row)].first);
}

int LabelScoresModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int LabelScoresModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant LabelScoresModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const auto& [name, s] = rows_[size_t(index.row())];
  const bool all = name.empty();
  const auto percent = [](double v) { return QString::number(100.0 * v, 'f', 1); };
  switch (role) {
    case Qt::DisplayRole:
      switch (index.column()) {
        case LabelColumn:
          return all ? tr("All (micro)") : QString::fromStdString(name);
        case PrecisionColumn:
          return percent(s.precision);
        case RecallColumn:
          return percent(s.recall);
        case F1Column:
          return percent(s.f1);
        case SupportColumn:
          return QString::number(s.support);
      }
      return {};
    case Qt::TextAlignmentRole:
      return index.column() == LabelColumn ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                                           : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole:
      if (all) {
        QFont f;
        f.setBold(true);
        return f;
      }
      return {};
    case Qt::ToolTipRole:
      return tr("%1 of %2 predicted entities correct, %1 of %3 gold entities found")
          .arg(s.correct)
          .arg(s.predicted)
          .arg(s.support);
    default:
      return {};
  }
}

QVariant LabelScoresModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case LabelColumn:
      return tr("Label");
    case PrecisionColumn:
      return tr("P %");
    case RecallColumn:
      return tr("R %");
    case F1Column:
      return tr("F1 %");
    case SupportColumn:
      return tr("Support");
  }
  return {};
}

}  // namespace spanforge::ui
