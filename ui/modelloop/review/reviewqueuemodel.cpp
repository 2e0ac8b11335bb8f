#include "modelloop/review/reviewqueuemodel.h"

#include <QFont>

#include <algorithm>
#include <exception>

namespace spanforge::ui {

namespace {

QString oneLine(const std::string& s) {
  QString t = QString::fromStdString(s);
  t.replace(QLatin1Char('\n'), QLatin1Char(' '));
  t.replace(QLatin1Char('\t'), QLatin1Char(' '));
  return t;
}

}  // namespace

ReviewQueueModel::ReviewQueueModel(QObject* parent) : QAbstractTableModel(parent) {}

void ReviewQueueModel::setQueue(store::ReviewQueue* queue, const store::ReviewFilter& filter) {
  queue_ = queue;
  filter_ = filter;
  reload();
}

void ReviewQueueModel::setFilter(const store::ReviewFilter& filter) {
  filter_ = filter;
  reload();
}

void ReviewQueueModel::setLabelColors(const QHash<QString, QColor>& colors) {
  colors_ = colors;
  if (!rows_.empty()) emit dataChanged(index(0, 0), index(rowCount() - 1, ColumnCount - 1));
}

void ReviewQueueModel::reload() { load(kPageSize); }

void ReviewQueueModel::refresh() { load(std::max(kPageSize, rowCount())); }

// A reset, like DocumentListModel::reload: nothing may be fetched until it is
// complete.
void ReviewQueueModel::load(int count) {
  atEnd_ = true;
  bool more = false;
  QString error;
  beginResetModel();
  rows_.clear();
  draftRow_ = -1;
  total_ = 0;
  if (queue_ && filter_.modelId) {
    try {
      total_ = queue_->count(filter_);
      rows_ = queue_->page(filter_, nullptr, count);
      more = static_cast<int>(rows_.size()) == count;
    } catch (const std::exception& e) {
      error = QString::fromStdString(e.what());
      rows_.clear();
    }
  }
  endResetModel();
  atEnd_ = !more;
  emit totalCountChanged(total_);
  if (!error.isEmpty()) emit errorOccurred(error);
}

void ReviewQueueModel::setDraft(int row, const store::ReviewItem& draft) {
  if (row < 0 || row >= rowCount()) return;
  const int old = draftRow_;
  draftRow_ = row;
  draft_ = draft;
  if (old >= 0 && old != row) emit dataChanged(index(old, 0), index(old, ColumnCount - 1));
  emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

void ReviewQueueModel::clearDraft() {
  const int old = draftRow_;
  draftRow_ = -1;
  if (old >= 0 && old < rowCount()) emit dataChanged(index(old, 0), index(old, ColumnCount - 1));
}

std::optional<int> ReviewQueueModel::draftRow() const {
  return draftRow_ >= 0 ? std::optional<int>(draftRow_) : std::nullopt;
}

const store::ReviewItem& ReviewQueueModel::shown(int row) const {
  return row == draftRow_ ? draft_ : rows_[static_cast<size_t>(row)];
}

int ReviewQueueModel::rowCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : static_cast<int>(rows_.size());
}

int ReviewQueueModel::columnCount(const QModelIndex& parent) const {
  return parent.isValid() ? 0 : ColumnCount;
}

QVariant ReviewQueueModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const store::ReviewItem& it = shown(index.row());
  const QString label = QString::fromStdString(it.span.label);
  switch (role) {
    case Qt::DisplayRole:
      switch (index.column()) {
        case ScoreColumn:
          return QString::number(it.score, 'f', 2);
        case LabelColumn:
          return label;
        case ContextColumn:
          return oneLine(it.before) + QStringLiteral("[") + oneLine(it.text) + QStringLiteral("]") +
                 oneLine(it.after);
        case DocumentColumn:
          return QStringLiteral("#%1").arg(it.documentId);
      }
      return {};
    case Qt::DecorationRole:
      if (index.column() == LabelColumn) return colors_.value(label, QColor(0x8a, 0x90, 0x99));
      return {};
    case Qt::TextAlignmentRole:
      return index.column() == ContextColumn || index.column() == LabelColumn
                 ? QVariant(Qt::AlignLeft | Qt::AlignVCenter)
                 : QVariant(Qt::AlignRight | Qt::AlignVCenter);
    case Qt::ToolTipRole:
      return tr("%1 “%2”, score %3, document %4")
          .arg(label, oneLine(it.text))
          .arg(it.score, 0, 'f', 3)
          .arg(it.documentId);
    case Qt::FontRole:
      if (index.row() == draftRow_) {
        QFont f;
        f.setItalic(true);
        return f;
      }
      return {};
    case BeforeRole:
      return oneLine(it.before);
    case SpanTextRole:
      return oneLine(it.text);
    case AfterRole:
      return oneLine(it.after);
    case LabelColorRole:
      return colors_.value(label, QColor(0x8a, 0x90, 0x99));
    case EditedRole:
      return index.row() == draftRow_;
    default:
      return {};
  }
}

QVariant ReviewQueueModel::headerData(int section, Qt::Orientation orientation, int role) const {
  if (orientation != Qt::Horizontal || role != Qt::DisplayRole) return {};
  switch (section) {
    case ScoreColumn:
      return tr("Score");
    case LabelColumn:
      return tr("Label");
    case ContextColumn:
      return tr("Predicted span in context");
    case DocumentColumn:
      return tr("Document");
  }
  return {};
}

bool ReviewQueueModel::canFetchMore(const QModelIndex& parent) const {
  return !parent.isValid() && !atEnd_;
}

void ReviewQueueModel::fetchMore(const QModelIndex& parent) {
  if (parent.isValid() || atEnd_ || rows_.empty()) return;
  std::vector<store::ReviewItem> page;
  try {
    const store::ReviewCursor after = rows_.back().cursor();
    page = queue_->page(filter_, &after, kPageSize);
  } catch (const std::exception& e) {
    atEnd_ = true;
    emit errorOccurred(QString::fromStdString(e.what()));
    return;
  }
  const bool more = static_cast<int>(page.size()) == kPageSize;
  atEnd_ = true;  // hold off slots that ask for more until the insertion is done
  if (!page.empty()) {
    const int first = rowCount();
    beginInsertRows({}, first, first + static_cast<int>(page.size()) - 1);
    rows_.insert(rows_.end(), page.begin(), page.end());
    endInsertRows();
  }
  atEnd_ = !more;
}

}  // namespace spanforge::ui
