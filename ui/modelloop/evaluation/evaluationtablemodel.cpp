#include "modelloop/evaluation/evaluationtablemodel.h"

#include <QFont>

#include <cmath>

namespace spanforge::ui {
namespace {

QString cellPercent(double x) { return std::isfinite(x) ? QString::number(100 * x, 'f', 2) : "–"; }

QString clock(double seconds) {
  const auto s = static_cast<qint64>(std::llround(seconds));
  return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

}  // namespace

EvaluationTableModel::EvaluationTableModel(QObject* parent) : QAbstractTableModel(parent) {}

void EvaluationTableModel::clear() {
  beginResetModel();
  rows_.clear();
  best_ = -1;
  trainSpeed_ = 0.0;
  endResetModel();
}

void EvaluationTableModel::append(const store::MetricEvent& e) {
  if (!e.hasScores) {
    trainSpeed_ = e.wordsPerSecond;
    return;
  }
  const int row = static_cast<int>(rows_.size());
  beginInsertRows({}, row, row);
  rows_.push_back(e);
  rows_.back().wordsPerSecond = trainSpeed_;  // the row shows training speed, not dev speed
  endInsertRows();
  if (best_ < 0 || e.f1 > rows_[static_cast<size_t>(best_)].f1) {
    const int old = best_;
    best_ = row;
    if (old >= 0) emit dataChanged(index(old, 0), index(old, ColumnCount - 1));
  }
}

void EvaluationTableModel::load(const std::vector<store::MetricEvent>& events) {
  clear();
  for (const auto& e : events) append(e);
}

int EvaluationTableModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int EvaluationTableModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QString EvaluationTableModel::text(const store::MetricEvent& e, int column) const {
  switch (column) {
    case Epoch:
      return QString::number(e.epoch);
    case Step:
      return QString::number(e.step);
    case Loss:
      return std::isfinite(e.loss) ? QString::number(e.loss, 'f', 2) : tr("NaN");
    case Precision:
      return cellPercent(e.precision);
    case Recall:
      return cellPercent(e.recall);
    case F1:
      return cellPercent(e.f1);
    case Speed:
      return QStringLiteral("%L1").arg(e.wordsPerSecond, 0, 'f', 0);
    case Memory:
      return QStringLiteral("%L1").arg(e.memoryBytes / (1024.0 * 1024.0), 0, 'f', 0);
    case Time:
      return clock(e.elapsedSeconds);
  }
  return {};
}

QVariant EvaluationTableModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
  const auto& e = rows_[static_cast<size_t>(index.row())];
  const bool best = index.row() == best_;
  switch (role) {
    case Qt::DisplayRole:
      return index.column() == F1 && best ? text(e, F1) + QStringLiteral(" ★")
                                          : text(e, index.column());
    case Qt::TextAlignmentRole:
      return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::FontRole: {
      if (!best) return {};
      QFont f;
      f.setBold(true);
      return f;
    }
    case Qt::ToolTipRole:
      return best ? tr("Best dev F1 so far: this is the model kept") : QVariant();
    default:
      return {};
  }
}

QVariant EvaluationTableModel::headerData(int section, Qt::Orientation orientation,
                                          int role) const {
  if (orientation != Qt::Horizontal) return {};
  static const char* const kHeaders[] = {"E", "#", "Loss", "P", "R", "F", "Words/s", "MB", "Time"};
  static const char* const kTips[] = {"Epoch",
                                      "Step",
                                      "Training loss since the previous evaluation",
                                      "Dev precision",
                                      "Dev recall",
                                      "Dev F1 (entity-level exact match, %)",
                                      "Training words/s",
                                      "Memory (MB)",
                                      "Elapsed (min:s)"};
  if (section < 0 || section >= ColumnCount) return {};
  if (role == Qt::DisplayRole) return tr(kHeaders[section]);
  if (role == Qt::ToolTipRole) return tr(kTips[section]);
  return {};
}

}  // namespace spanforge::ui
