#pragma once

#include "store/records.h"

#include <QWidget>

#include <cstdint>
#include <map>
#include <vector>

class QComboBox;
class QLabel;
class QLineEdit;
class QListView;
class QTimer;

namespace spanforge::store {
class DocumentRepository;
class RankingRepository;
}  // namespace spanforge::store

namespace spanforge::ui {

class DocumentListModel;

// The left-hand document list: filters (status, label, text search) above a
// lazily paged list. Emits documentActivated when the current row changes.
class DocumentBrowser : public QWidget {
  Q_OBJECT

 public:
  static constexpr int kSearchDelayMs = 250;

  explicit DocumentBrowser(QWidget* parent = nullptr);

  // Shows the documents of a repository; nullptr empties the browser. Labels
  // and status counts fill the filter combos.
  void setSource(store::DocumentRepository* documents, const std::vector<store::Label>& labels,
                 const std::map<text::DocStatus, int64_t>& statusCounts);
  // New counts after documents changed status (keeps the filters).
  void setStatusCounts(const std::map<text::DocStatus, int64_t>& statusCounts);
  // New label list for the label filter; keeps the chosen label when it still
  // exists, else shows all labels again.
  void setLabels(const std::vector<store::Label>& labels);
  // After documents changed: one row, or every loaded row.
  void refreshDocument(int64_t id);
  void refresh();
  // Reloads the list from the store (after an import), keeping the filters.
  void reload();
  // Offers the order of a stored active-learning ranking besides document
  // order (most informative first, with rank and score in each row);
  // nullptr offers document order only. The label filter and the search do
  // not apply to the ranked order.
  void setRanking(store::RankingRepository* rankings, int64_t modelId, const QString& strategy);

  // Makes the row after (before) the current one current, loading more rows
  // when needed; false at the end (start) of the list.
  bool selectNext();
  bool selectPrevious();
  // Clears the current row (the open document is not in the list).
  void clearCurrent();

  // Makes the document current (loading pages until it is found, if it
  // matches the filter); returns false when it is not in the filtered list.
  bool selectDocument(int64_t id);
  int64_t currentDocumentId() const;

  DocumentListModel* model() const { return model_; }
  QListView* listView() const { return list_; }
  QComboBox* statusCombo() const { return statusCombo_; }
  QComboBox* labelCombo() const { return labelCombo_; }
  QLineEdit* searchEdit() const { return search_; }
  QComboBox* orderCombo() const { return orderCombo_; }

 public slots:
  void focusSearch();

 signals:
  void documentActivated(int64_t id);
  void errorOccurred(const QString& message);
  void messageRequested(const QString& message);  // for the status bar

 protected:
  void showEvent(QShowEvent* event) override;

 private:
  void applyFilter();
  void updateStatusItems();
  void updateFooter();
  void onCurrentChanged(const QModelIndex& current);
  void applyOrder();
  bool isRanked() const;
  // Typing a search or choosing a label in ranked order: back to document order.
  void leaveRankedOrder();

  DocumentListModel* model_;
  QComboBox* statusCombo_;
  QComboBox* labelCombo_;
  QLineEdit* search_;
  QListView* list_;
  QLabel* footer_;
  QComboBox* orderCombo_;
  store::RankingRepository* rankings_ = nullptr;
  int64_t rankModel_ = 0;
  QString rankStrategy_;
  QTimer* searchTimer_;
  std::map<text::DocStatus, int64_t> statusCounts_;
  int64_t lastEmittedId_ = 0;
};

}  // namespace spanforge::ui
