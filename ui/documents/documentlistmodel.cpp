#include "documents/documentlistmodel.h"

#include "store/documentrepository.h"
#include "store/rankingrepository.h"

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

void DocumentListModel::setRanking(store::RankingRepository* rankings, int64_t modelId,
                                   const std::string& strategy) {
  rankings_ = rankings;
  rankModel_ = modelId;
  rankStrategy_ = strategy;
  reload();
}

std::vector<store::DocumentSummary> DocumentListModel::readPage(int64_t after, int limit,
                                                                std::vector<Ranked>& ranks) {
  ranks.clear();
  if (!rankings_) return repository_->page(filter_, after, limit);
  std::vector<store::DocumentSummary> out;
  for (store::RankedDocument& r :
       rankings_->page(rankModel_, rankStrategy_, after, limit, filter_.status)) {
    ranks.push_back({r.rank, r.score});
    out.push_back(std::move(r.document));
  }
  return out;
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
  ranks_.clear();
  total_ = 0;
  if (repository_) {
    try {
      total_ = rankings_ ? rankings_->count(rankModel_, rankStrategy_, filter_.status)
                         : repository_->count(filter_);
      // The first page comes with the reset so a view never shows an empty
      // list for a project that has documents.
      rows_ = readPage(0, kPageSize, ranks_);
      more = static_cast<int>(rows_.size()) == kPageSize;
    } catch (const std::exception& e) {
      error = QString::fromStdString(e.what());
      rows_.clear();
      ranks_.clear();
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
  std::vector<Ranked> freshRanks;
  int64_t total = 0;
  try {
    fresh = readPage(0, static_cast<int>(rows_.size()), freshRanks);
    total = rankings_ ? rankings_->count(rankModel_, rankStrategy_, filter_.status)
                      : repository_->count(filter_);
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
  ranks_ = std::move(freshRanks);
  emit dataChanged(index(0), index(rowCount() - 1));
  if (total != total_) {
    total_ = total;
    emit totalCountChanged(total_);
  }
}

int DocumentListModel::rowOfId(int64_t id) const {
  if (rankings_) {
    for (size_t i = 0; i < rows_.size(); ++i)
      if (rows_[i].id == id) return static_cast<int>(i);
    return -1;
  }
  // Rows are in id order (keyset paging), so a binary search finds it.
  auto it = std::lower_bound(rows_.begin(), rows_.end(), id,
                             [](const store::DocumentSummary& s, int64_t v) { return s.id < v; });
  if (it == rows_.end() || it->id != id) return -1;
  return static_cast<int>(it - rows_.begin());
}

int DocumentListModel::loadUntil(int64_t id) {
  int row = rowOfId(id);
  if (row >= 0 || !repository_) return row;
  // Pages arrive in id order, or in rank order: stop once the loaded rows
  // pass the document's id, or its rank.
  int64_t rank = 0;
  if (rankings_) {
    try {
      const auto where = rankings_->find(rankModel_, rankStrategy_, id);
      if (!where) return -1;
      rank = where->rank;
    } catch (const std::exception& e) {
      emit errorOccurred(QString::fromStdString(e.what()));
      return -1;
    }
  }
  while (row < 0 && canFetchMore({}) && rowCount() > 0 &&
         (rankings_ ? ranks_.back().rank < rank : idAt(rowCount() - 1) < id)) {
    fetchMore({});
    row = rowOfId(id);
  }
  return row;
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
    case RankRole:
      if (ranks_.empty()) return {};
      return QVariant::fromValue<qint64>(ranks_[static_cast<size_t>(index.row())].rank);
    case ScoreRole:
      if (ranks_.empty()) return {};
      return ranks_[static_cast<size_t>(index.row())].score;
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
  names[RankRole] = "rank";
  names[ScoreRole] = "score";
  return names;
}

bool DocumentListModel::canFetchMore(const QModelIndex& parent) const {
  return !parent.isValid() && !atEnd_;
}

void DocumentListModel::fetchMore(const QModelIndex& parent) {
  if (parent.isValid() || atEnd_) return;
  std::vector<Ranked> ranks;
  std::vector<store::DocumentSummary> page = fetchPage();
  ranks.swap(fetchedRanks_);
  if (page.empty()) return;
  const int first = static_cast<int>(rows_.size());
  // Slots on rowsInserted may ask for more before the insertion is finished
  // for every receiver; hold them off until it is.
  const bool more = !atEnd_;
  atEnd_ = true;
  beginInsertRows(QModelIndex(), first, first + static_cast<int>(page.size()) - 1);
  rows_.insert(rows_.end(), std::make_move_iterator(page.begin()),
               std::make_move_iterator(page.end()));
  ranks_.insert(ranks_.end(), ranks.begin(), ranks.end());
  endInsertRows();
  atEnd_ = !more;
}

int DocumentListModel::nextPageSize() const {
  return std::clamp(rowCount() / 8, kPageSize, kMaxPageSize);
}

std::vector<store::DocumentSummary> DocumentListModel::fetchPage() {
  const int64_t after = rows_.empty() ? 0 : rankings_ ? ranks_.back().rank : rows_.back().id;
  const int limit = nextPageSize();
  std::vector<store::DocumentSummary> page;
  try {
    page = readPage(after, limit, fetchedRanks_);
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
