#pragma once

#include "store/records.h"

#include <QAbstractListModel>

#include <cstdint>
#include <string>
#include <vector>

namespace spanforge::store {
class DocumentRepository;
class RankingRepository;
}  // namespace spanforge::store

namespace spanforge::ui {

// The documents of a project as a flat list, loaded lazily with keyset paging
// (id > last loaded id), so a project with a million documents opens at once
// and only the rows a view scrolls to are ever read.
class DocumentListModel : public QAbstractListModel {
  Q_OBJECT

 public:
  enum Role {
    IdRole = Qt::UserRole + 1,
    SnippetRole,
    StatusRole,     // int(text::DocStatus)
    SpanCountRole,  // qint64
    LengthRole,     // code points
    RankRole,       // qint64, ranked order only (1 = most informative)
    ScoreRole,      // double, ranked order only
  };
  // The first pages hold kPageSize rows; later ones an eighth of what is
  // loaded, up to kMaxPageSize. Item views lay out every row again after an
  // insertion, so a fixed page size would make scrolling a million rows cost
  // quadratic time; growing pages keep it near linear.
  static constexpr int kPageSize = 200;
  static constexpr int kMaxPageSize = 50000;
  int nextPageSize() const;

  explicit DocumentListModel(QObject* parent = nullptr);

  // Shows the documents of a repository through a filter. The repository must
  // outlive the model or be replaced first; nullptr empties the model.
  void setRepository(store::DocumentRepository* repository,
                     const store::DocumentFilter& filter = {});
  store::DocumentRepository* repository() const { return repository_; }

  void setFilter(const store::DocumentFilter& filter);
  // Ranked order: the documents of a stored active-learning ranking, most
  // informative first (keyset paging by rank), with RankRole and ScoreRole.
  // The filter's status applies; its label and search do not. nullptr:
  // document order again. Reloads.
  void setRanking(store::RankingRepository* rankings, int64_t modelId = 0,
                  const std::string& strategy = {});
  bool ranked() const { return rankings_ != nullptr; }
  const store::DocumentFilter& filter() const { return filter_; }
  // Reads the first page and the total again (after the documents changed).
  void reload();
  // Reads one loaded row again after its document changed (status, spans);
  // the row stays even when it no longer matches the filter, so the list
  // does not shift under the person working through it.
  void refreshDocument(int64_t id);
  // Reads every loaded row again (after a label change touched many rows),
  // keeping the loaded range and the view's position when the rows are the
  // same documents.
  void refreshLoaded();

  // Documents matching the filter in the whole project, not only those loaded.
  int64_t totalCount() const { return total_; }
  // Row of a loaded document, or -1.
  int rowOfId(int64_t id) const;
  // Row of a document, loading pages until it is found or cannot come (in
  // document order: once the loaded ids pass it); -1 when not listed.
  int loadUntil(int64_t id);
  int64_t idAt(int row) const;

  int rowCount(const QModelIndex& parent = QModelIndex()) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QHash<int, QByteArray> roleNames() const override;
  bool canFetchMore(const QModelIndex& parent) const override;
  void fetchMore(const QModelIndex& parent) override;

 signals:
  void totalCountChanged(qint64 total);
  // A store error while reading; the model stops loading rather than throwing
  // through Qt's event loop.
  void errorOccurred(const QString& message);

 private:
  struct Ranked {
    int64_t rank = 0;
    double score = 0.0;
  };
  std::vector<store::DocumentSummary> fetchPage();
  // Up to `limit` rows after `after` (an id, or in ranked order a rank).
  std::vector<store::DocumentSummary> readPage(int64_t after, int limit,
                                               std::vector<Ranked>& ranks);

  store::DocumentRepository* repository_ = nullptr;
  store::DocumentFilter filter_;
  std::vector<store::DocumentSummary> rows_;
  store::RankingRepository* rankings_ = nullptr;
  int64_t rankModel_ = 0;
  std::string rankStrategy_;
  std::vector<Ranked> ranks_;         // per row, in ranked order
  std::vector<Ranked> fetchedRanks_;  // of the page fetchPage() read
  int64_t total_ = 0;
  bool atEnd_ = true;
};

}  // namespace spanforge::ui
