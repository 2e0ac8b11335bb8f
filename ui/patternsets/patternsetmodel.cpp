#include "patternsets/patternsetmodel.h"

#include <QLocale>

namespace spanforge::ui {

void PatternSetModel::setSets(std::vector<store::PatternSetRecord> sets) {
  beginResetModel();
  sets_ = std::move(sets);
  endResetModel();
}

int PatternSetModel::rowOf(int64_t id) const {
  for (size_t i = 0; i < sets_.size(); ++i)
    if (sets_[i].id == id) return static_cast<int>(i);
  return -1;
}

int PatternSetModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(sets_.size());
}

int PatternSetModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant PatternSetModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const store::PatternSetRecord& s = sets_[size_t(index.row())];
  const bool terms = s.kind == store::PatternSetRecord::kTerms;
  if (role == Qt::CheckStateRole && index.column() == Name)
    return s.enabled ? Qt::Checked : Qt::Unchecked;
  if (role == Qt::ToolTipRole && index.column() == Name)
    return s.enabled ? tr("Suggests its matches; uncheck to stop")
                     : tr("Off: its matches are not suggested");
  if (role == Qt::TextAlignmentRole && index.column() == Patterns)
    return QVariant(Qt::AlignRight | Qt::AlignVCenter);
  if (role != Qt::DisplayRole) return {};
  switch (index.column()) {
    case Name:
      return QString::fromStdString(s.name);
    case Kind: {
      QString kind =
          terms ? tr("Term list: %1").arg(QString::fromStdString(s.termLabel)) : tr("Patterns");
      if (s.caseFold) kind += tr(", any case");
      return kind;
    }
    case Patterns:
      return QLocale().toString(static_cast<qlonglong>(s.patterns));
    default:
      return {};
  }
}

bool PatternSetModel::setData(const QModelIndex& index, const QVariant& value, int role) {
  if (!index.isValid() || index.column() != Name || role != Qt::CheckStateRole) return false;
  const bool enabled = value.toInt() == Qt::Checked;
  emit enabledToggled(sets_[size_t(index.row())].id, enabled);
  return true;
}

Qt::ItemFlags PatternSetModel::flags(const QModelIndex& index) const {
  Qt::ItemFlags f = QAbstractTableModel::flags(index);
  if (index.isValid() && index.column() == Name) f |= Qt::ItemIsUserCheckable;
  return f;
}

QVariant PatternSetModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case Name:
      return tr("Set");
    case Kind:
      return tr("Kind");
    case Patterns:
      return tr("Patterns");
    default:
      return {};
  }
}

}  // namespace spanforge::ui
