#include "modelloop/evaluation/errormatrixmodel.h"

#include <QColor>
#include <QFont>

#include <algorithm>

namespace spanforge::ui {

namespace {
const std::vector<size_t> kNone;
}

ErrorMatrixModel::ErrorMatrixModel(QObject* parent) : QAbstractTableModel(parent) {}

void ErrorMatrixModel::setEvaluation(std::shared_ptr<const active::DevEvaluation> evaluation) {
  beginResetModel();
  evaluation_ = std::move(evaluation);
  labels_.clear();
  cells_.clear();
  maxError_ = 1;
  if (evaluation_) {
    for (const auto& [label, scores] : evaluation_->report.perLabel)
      labels_ << QString::fromStdString(label);
    const int n = labels_.size();
    cells_.assign(size_t(n + 1), std::vector<std::vector<size_t>>(size_t(n + 2)));
    const auto row = [&](const std::optional<text::Span>& s) {
      return s ? labels_.indexOf(QString::fromStdString(s->label)) : -1;
    };
    const auto& examples = evaluation_->examples;
    for (size_t i = 0; i < examples.size(); ++i) {
      const active::DevExample& e = examples[i];
      int r = row(e.gold), c = row(e.predicted);
      if (e.kind == train::ErrorKind::Spurious) r = noEntityRow();
      if (e.kind == train::ErrorKind::Missed) c = missedColumn();
      if (e.kind == train::ErrorKind::WrongBoundary) c = boundaryColumn();
      if (r < 0 || c < 0) continue;
      cells_[size_t(r)][size_t(c)].push_back(i);
    }
    for (int r = 0; r <= n; ++r)
      for (int c = 0; c < n + 2; ++c)
        if (r != c) maxError_ = std::max(maxError_, cells_[size_t(r)][size_t(c)].size());
  }
  endResetModel();
}

const std::vector<size_t>& ErrorMatrixModel::examples(const QModelIndex& index) const {
  if (!index.isValid() || cells_.empty()) return kNone;
  return cells_[size_t(index.row())][size_t(index.column())];
}

QString ErrorMatrixModel::describe(const QModelIndex& index) const {
  if (!index.isValid()) return {};
  const int r = index.row(), c = index.column();
  if (r == noEntityRow()) return c < labels_.size() ? tr("spurious %1").arg(labels_[c]) : QString();
  const QString gold = labels_[r];
  if (c == missedColumn()) return tr("%1 missed").arg(gold);
  if (c == boundaryColumn()) return tr("%1 with wrong boundaries").arg(gold);
  if (c == r) return tr("%1 found exactly").arg(gold);
  return tr("%1 predicted as %2").arg(gold, labels_[c]);
}

int ErrorMatrixModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() || !evaluation_ ? 0 : labels_.size() + 1;
}

int ErrorMatrixModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() || !evaluation_ ? 0 : labels_.size() + 2;
}

QVariant ErrorMatrixModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const size_t n = examples(index).size();
  const bool impossible = index.row() == noEntityRow() && index.column() >= labels_.size();
  const bool diagonal = index.row() == index.column();
  switch (role) {
    case Qt::DisplayRole:
      return impossible || n == 0 ? QString() : QString::number(n);
    case Qt::TextAlignmentRole:
      return Qt::AlignCenter;
    case Qt::BackgroundRole: {
      if (impossible || n == 0) return {};
      // Green for exact matches, red scaled by the largest error cell.
      const double t = diagonal ? 0.35 : 0.15 + 0.6 * double(n) / double(maxError_);
      QColor c = diagonal ? QColor(0x2e, 0x9d, 0x5b) : QColor(0xd3, 0x3f, 0x3f);
      c.setAlphaF(std::min(1.0, t));
      return c;
    }
    case Qt::FontRole:
      if (diagonal) return {};
      if (n > 0) {
        QFont f;
        f.setBold(true);
        return f;
      }
      return {};
    case Qt::ToolTipRole:
      return impossible ? QVariant()
                        : tr("%1: %n example(s); click to list them", "", static_cast<int>(n))
                              .arg(describe(index));
    default:
      return {};
  }
}

QVariant ErrorMatrixModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (role == Qt::ToolTipRole)
    return orientation == Qt::Vertical ? tr("Gold label") : tr("Predicted label");
  if (role != Qt::DisplayRole) return {};
  if (orientation == Qt::Vertical)
    return section < labels_.size() ? labels_[section] : tr("No entity");
  if (section < labels_.size()) return labels_[section];
  return section == missedColumn() ? tr("Missed") : tr("Boundary");
}

}  // namespace spanforge::ui
