#include "documentlistmodel.h"

#include "store/documentrepository.h"

#include <algorithm>
#include <exception>
#include <iterator>

namespace spanforge::ui {

DocumentListModel::DocumentListModel(QObject* parent) : QAbstractListModel(parent) {}

void DocumentListModel::setRepository(store::DocumentRepository* repository,
                                      const store::DocumentFilter& filter) {
  repository_ = repository;
  filter_ = filter;
  reload();
}

void DocumentListModel::setFilter(const store::DocumentFilter& filter) {
  filter_ = filter;
  reload();
}

void DocumentListModel::reload() {
  // Nothing may be fetched until the reset is complete: views and the model
  // tester ask for more from their modelAboutToBeReset/modelReset slots, and
  // rows inserted inside a reset would be a second, overlapping change.
  atEnd_ = true;
  bool more = false;
  QString error;
  beginResetModel();
  rows_.clear();
  total_ = 0;
  if (repository_) {
    try {
      total_ = repository_->count(filter_);
      // The first page comes with the reset so a view never shows an empty
      // list for a project that has documents.
      rows_ = repository_->page(filter_, 0, kPageSize);
      more = static_cast<int>(rows_.size()) == kPageSize;
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

void DocumentListModel::refreshDocument(int64_t id) {
  const int row = rowOfId(id);
  if (row < 0 || !repository_) return;
  try {
    // Keyset paging from id - 1, unfiltered: exactly this document.
    const std::vector<store::DocumentSummary> one = repository_->page({}, id - 1, 1);
    if (one.empty() || one.front().id != id) return;
    rows_[size_t(row)] = one.front();
  } catch (const std::exception& e) {
    emit errorOccurred(QString::fromStdString(e.what()));
    return;
  }
  emit dataChanged(index(row), index(row));
}

void DocumentListModel::refreshLoaded() {
  if (!repository_ || rows_.empty()) {
    reload();
    return;
  }
  std::vector<store::DocumentSummary> fresh;
  int64_t total = 0;
  try {
    fresh = repository_->page(filter_, 0, static_cast<int>(rows_.size()));
    total = repository_->count(filter_);
  } catch (const std::exception& e) {
    emit errorOccurred(QString::fromStdString(e.what()));
    return;
  }
  const bool same = fresh.size() == rows_.size() &&
                    std::equal(fresh.begin(), fresh.end(), rows_.begin(),
                               [](const auto& a, const auto& b) { return a.id == b.id; });
  if (!same) {
    reload();
    return;
  }
  rows_ = std::move(fresh);
  emit dataChanged(index(0), index(rowCount() - 1));
  if (total != total_) {
    total_ = total;
    emit totalCountChanged(total_);
  }
}

int DocumentListModel::rowOfId(int64_t id) const {
  // Rows are in id order (keyset paging), so a binary search finds it.
  auto it = std::lower_bound(rows_.begin(), rows_.end(), id,
                             [](const store::DocumentSummary& s, int64_t v) { return s.id < v; });
  if (it == rows_.end() || it->id != id) return -1;
  return static_cast<int>(it - rows_.begin());
}

int64_t DocumentListModel::idAt(int row) const {
  if (row < 0 || row >= static_cast<int>(rows_.size())) return 0;
  return rows_[static_cast<size_t>(row)].id;
}

int DocumentListModel::rowCount(const QModelIndex& parent) const {
  if (parent.isValid()) return 0;  // a list: only the root has children
  return static_cast<int>(rows_.size());
}

QVariant DocumentListModel::data(const QModelIndex& index, int role) const {
  if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
    return {};
  const store::DocumentSummary& s = rows_[static_cast<size_t>(index.row())];
  switch (role) {
    case Qt::DisplayRole:
    case SnippetRole:
      return QString::fromStdString(s.snippet);
    case Qt::ToolTipRole:
      return tr("Document %1 · %2 code points").arg(s.id).arg(s.length);
    case IdRole:
      return QVariant::fromValue<qint64>(s.id);
    case StatusRole:
      return static_cast<int>(s.status);
    case SpanCountRole:
      return QVariant::fromValue<qint64>(s.spanCount);
    case LengthRole:
      return QVariant::fromValue<qint64>(s.length);
    default:
      return {};
  }
}

QHash<int, QByteArray> DocumentListModel::roleNames() const {
  QHash<int, QByteArray> names = QAbstractListModel::roleNames();
  names[IdRole] = "documentId";
  names[SnippetRole] = "snippet";
  names[StatusRole] = "status";
  names[SpanCountRole] = "spanCount";
  names[LengthRole] = "length";
  return names;
}

bool DocumentListModel::canFetchMore(const QModelIndex& parent) const {
  return !parent.isValid() && !atEnd_;
}

void DocumentListModel::fetchMore(const QModelIndex& parent) {
  if (parent.isValid() || atEnd_) return;
  std::vector<store::DocumentSummary> page = fetchPage();
  if (page.empty()) return;
  const int first = static_cast<int>(rows_.size());
  // Slots on rowsInserted may ask for more before the insertion is finished
  // for every receiver; hold them off until it is.
  const bool more = !atEnd_;
  atEnd_ = true;
  beginInsertRows(QModelIndex(), first, first + static_cast<int>(page.size()) - 1);
  rows_.insert(rows_.end(), std::make_move_iterator(page.begin()),
               std::make_move_iterator(page.end()));
  endInsertRows();
  atEnd_ = !more;
}

int DocumentListModel::nextPageSize() const {
  return std::clamp(rowCount() / 8, kPageSize, kMaxPageSize);
}

std::vector<store::DocumentSummary> DocumentListModel::fetchPage() {
  const int64_t afterId = rows_.empty() ? 0 : rows_.back().id;
  const int limit = nextPageSize();
  std::vector<store::DocumentSummary> page;
  try {
    page = repository_->page(filter_, afterId, limit);
  } catch (const std::exception& e) {
    atEnd_ = true;
    emit errorOccurred(QString::fromStdString(e.what()));
    return {};
  }
  // A short page means there is nothing after it.
  atEnd_ = static_cast<int>(page.size()) < limit;
  return page;
}

}  // namespace spanforge::ui
