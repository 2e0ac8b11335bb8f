#include "training/simulation/alcurvesmodel.h"

#include <algorithm>
#include <cmath>

namespace spanforge::ui {
namespace {

// Shares of different strategies are equal up to rounding.
bool sameShare(double a, double b) { return std::abs(a - b) < 1e-9; }

QString percent(double v) { return QString::number(100.0 * v, 'f', 1); }

}  // namespace

AlCurvesModel::AlCurvesModel(QObject* parent) : QAbstractTableModel(parent) {}

void AlCurvesModel::setSummary(const active::AlSummary& summary) {
  beginResetModel();
  summary_ = summary;
  shares_.clear();
  for (const auto& s : summary_.strategies)
    for (const auto& p : s.points)
      if (std::none_of(shares_.begin(), shares_.end(),
                       [&](double x) { return sameShare(x, p.fraction); }))
        shares_.push_back(p.fraction);
  std::sort(shares_.begin(), shares_.end());
  endResetModel();
}

int AlCurvesModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(shares_.size());
}

int AlCurvesModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : 1 + static_cast<int>(summary_.strategies.size());
}

const active::AlSummaryPoint* AlCurvesModel::point(int row, int strategy) const {
  for (const auto& p : summary_.strategies[static_cast<size_t>(strategy)].points)
    if (sameShare(p.fraction, shares_[static_cast<size_t>(row)])) return &p;
  return nullptr;
}

QVariant AlCurvesModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid)) return {};
  const double share = shares_[static_cast<size_t>(index.row())];
  if (index.column() == 0) {
    if (role == Qt::DisplayRole) return tr("%1 %").arg(percent(share));
    if (role == Qt::TextAlignmentRole) return int(Qt::AlignRight | Qt::AlignVCenter);
    return {};
  }
  const active::AlSummaryPoint* p = point(index.row(), index.column() - 1);
  if (!p) return role == Qt::DisplayRole ? QVariant(QStringLiteral("–")) : QVariant();
  switch (role) {
    case Qt::DisplayRole:
      return p->seeds > 1 ? tr("%1 ± %2").arg(percent(p->meanF1), percent(p->sdF1))
                          : percent(p->meanF1);
    case kMeanRole:
      return p->meanF1;
    case Qt::TextAlignmentRole:
      return int(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
      return tr("Test F1 with %1 labelled documents: mean %2, min %3, max %4 over %5")
          .arg(p->sentences)
          .arg(percent(p->meanF1), percent(p->minF1), percent(p->maxF1),
               p->seeds == 1 ? tr("1 seed") : tr("%1 seeds").arg(p->seeds));
    default:
      return {};
  }
}

QVariant AlCurvesModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  if (section == 0) return tr("Labelled");
  if (section < 1 || section > static_cast<int>(summary_.strategies.size())) return {};
  return QString::fromLatin1(
      active::toString(summary_.strategies[static_cast<size_t>(section - 1)].strategy));
}

}  // namespace spanforge::ui
