#pragma once

#include "store/reviewqueue.h"

#include <QAbstractTableModel>
#include <QColor>
#include <QHash>

#include <optional>
#include <vector>

namespace spanforge::ui {

// The predicted spans of the current model across the project, least
// confident first (store::ReviewQueue), loaded lazily with keyset paging.
// One row per span: score, label, the span in its context, the document.
class ReviewQueueModel : public QAbstractTableModel {
  Q_OBJECT

 public:
  enum Column { ScoreColumn, LabelColumn, ContextColumn, DocumentColumn, ColumnCount };
  enum Role {
    BeforeRole = Qt::UserRole + 1,  // QString: context before the span (one line)
    SpanTextRole,                   // QString: the span's text
    AfterRole,                      // QString: context after it
    LabelColorRole,                 // QColor of the (drafted) label
    EditedRole,                     // bool: the row shows a boundary draft
  };
  static constexpr int kPageSize = 100;

  explicit ReviewQueueModel(QObject* parent = nullptr);

  // nullptr (or a filter without a model id) empties the model. The queue
  // must outlive the model or be replaced first.
  void setQueue(store::ReviewQueue* queue, const store::ReviewFilter& filter);
  void setFilter(const store::ReviewFilter& filter);
  const store::ReviewFilter& filter() const { return filter_; }
  void setLabelColors(const QHash<QString, QColor>& colors);
  // Reads the first page again.
  void reload();
  // Reads as many rows as are loaded again (after an accept or reject): a
  // reset, after which views should restore their current row.
  void refresh();

  int64_t totalCount() const { return total_; }
  const store::ReviewItem& item(int row) const { return rows_.at(static_cast<size_t>(row)); }
  // Shows one row with other boundaries (a draft the person is editing):
  // span and context replace the predicted ones until clearDraft().
  void setDraft(int row, const store::ReviewItem& draft);
  void clearDraft();
  std::optional<int> draftRow() const;

  int rowCount(const QModelIndex& parent = {}) const override;
  int columnCount(const QModelIndex& parent = {}) const override;
  QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
  QVariant headerData(int section, Qt::Orientation orientation,
                      int role = Qt::DisplayRole) const override;
  bool canFetchMore(const QModelIndex& parent) const override;
  void fetchMore(const QModelIndex& parent) override;

 signals:
  void totalCountChanged(qint64 total);
  void errorOccurred(const QString& message);

 private:
  void load(int count);
  const store::ReviewItem& shown(int row) const;

  store::ReviewQueue* queue_ = nullptr;
  store::ReviewFilter filter_;
  std::vector<store::ReviewItem> rows_;
  QHash<QString, QColor> colors_;
  int64_t total_ = 0;
  bool atEnd_ = true;
  int draftRow_ = -1;
  store::ReviewItem draft_;
};

}  // namespace spanforge::ui
