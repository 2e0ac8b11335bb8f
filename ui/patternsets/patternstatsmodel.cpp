#include "patternsets/patternstatsmodel.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

#include <optional>

namespace spanforge::ui {
namespace {

// What to show of a pattern: a patterns file's line without its label (shown
// beside it): the phrase quoted, or the token pattern; a term as written.
QString shownPattern(const std::string& source) {
  const QJsonDocument line = QJsonDocument::fromJson(QByteArray::fromStdString(source));
  if (!line.isObject()) return QString::fromStdString(source);
  const QJsonValue pattern = line.object().value(QLatin1String("pattern"));
  if (pattern.isString()) return QLatin1Char('"') + pattern.toString() + QLatin1Char('"');
  if (pattern.isArray())
    return QString::fromUtf8(QJsonDocument(pattern.toArray()).toJson(QJsonDocument::Compact));
  return QString::fromStdString(source);
}

// The share of decided matches that were accepted, or none yet.
std::optional<double> precision(const store::PatternCounts& c) {
  const int64_t decided = c.accepted + c.rejected;
  if (decided == 0) return std::nullopt;
  return double(c.accepted) / double(decided);
}

}  // namespace

void PatternStatsModel::setRows(std::vector<Row> rows) {
  beginResetModel();
  rows_ = std::move(rows);
  endResetModel();
}

int PatternStatsModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int PatternStatsModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant PatternStatsModel::data(const QModelIndex& index, int role) const {
  if (!index.isValid() || index.row() >= rowCount()) return {};
  const Row& r = rows_[size_t(index.row())];
  const auto p = precision(r.counts);
  const int column = index.column();
  if (role == Qt::TextAlignmentRole && column != Label && column != Pattern)
    return QVariant(Qt::AlignRight | Qt::AlignVCenter);
  if (role == Qt::ToolTipRole && column == Pattern) return QString::fromStdString(r.pattern.source);
  if (role == SortRole) {
    switch (column) {
      case Line:
        return static_cast<qlonglong>(r.pattern.line);
      case Matches:
        return static_cast<qlonglong>(r.counts.matches);
      case Accepted:
        return static_cast<qlonglong>(r.counts.accepted);
      case Rejected:
        return static_cast<qlonglong>(r.counts.rejected);
      case Precision:
        return p ? *p : -1.0;
      default:
        break;
    }
  }
  if (role != Qt::DisplayRole && role != SortRole) return {};
  const QLocale locale;
  switch (column) {
    case Line:
      return locale.toString(static_cast<qlonglong>(r.pattern.line));
    case Label:
      return QString::fromStdString(r.pattern.label);
    case Pattern: {
      QString shown = shownPattern(r.pattern.source);
      if (shown.size() > 120) shown = shown.left(117) + QStringLiteral("…");
      return shown;
    }
    case Matches:
      return locale.toString(static_cast<qlonglong>(r.counts.matches));
    case Accepted:
      return locale.toString(static_cast<qlonglong>(r.counts.accepted));
    case Rejected:
      return locale.toString(static_cast<qlonglong>(r.counts.rejected));
    case Precision:
      return p ? locale.toString(100.0 * *p, 'f', 0) + QLatin1Char('%') : QStringLiteral("–");
    default:
      return {};
  }
}

QVariant PatternStatsModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal) return {};
  if (role == Qt::ToolTipRole && section == Precision)
    return tr("Accepted matches as a share of those accepted or rejected");
  if (role != Qt::DisplayRole) return {};
  switch (section) {
    case Line:
      return tr("Line");
    case Label:
      return tr("Label");
    case Pattern:
      return tr("Pattern");
    case Matches:
      return tr("Matches");
    case Accepted:
      return tr("Accepted");
    case Rejected:
      return tr("Rejected");
    case Precision:
      return tr("Accepted %");
    default:
      return {};
  }
}

}  // namespace spanforge::ui
