#include "documents/documentbrowser.h"

#include "active/strategy.h"
#include "common/docstatusstyle.h"
#include "documents/documentdelegate.h"
#include "documents/documentlistmodel.h"
#include "store/rankingrepository.h"

#include <QApplication>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListView>
#include <QLocale>
#include <QPainter>
#include <QTimer>
#include <QVBoxLayout>

namespace spanforge::ui {

namespace {

QIcon swatch(const QColor& color) {
  // Drawn at the screen's pixel ratio, so it stays sharp on HiDPI screens.
  const qreal dpr = qApp->devicePixelRatio();
  QPixmap pm(QSize(12, 12) * dpr);
  pm.setDevicePixelRatio(dpr);
  pm.fill(Qt::transparent);
  QPainter p(&pm);
  p.setRenderHint(QPainter::Antialiasing);
  p.setPen(color.darker(130));
  p.setBrush(color);
  p.drawRoundedRect(QRectF(1.5, 1.5, 9, 9), 2.5, 2.5);
  return QIcon(pm);
}

QString number(int64_t n) { return QLocale().toString(static_cast<qlonglong>(n)); }

}  // namespace

DocumentBrowser::DocumentBrowser(QWidget* parent)
    : QWidget(parent),
      model_(new DocumentListModel(this)),
      statusCombo_(new QComboBox(this)),
      labelCombo_(new QComboBox(this)),
      search_(new QLineEdit(this)),
      list_(new QListView(this)),
      footer_(new QLabel(this)),
      orderCombo_(new QComboBox(this)),
      searchTimer_(new QTimer(this)) {
  search_->setPlaceholderText(tr("Search text…"));
  search_->setClearButtonEnabled(true);
  search_->setToolTip(
      tr("Case-insensitive search in the document texts (%1)")
          .arg(QKeySequence(QKeySequence::Find).toString(QKeySequence::NativeText)));
  statusCombo_->setToolTip(tr("Show documents with this status"));
  labelCombo_->setToolTip(tr("Show documents with at least one span of this label"));
  // Sized by a few characters, not by their longest entry (their lists show
  // it all), so that the list keeps its width when a ranking or a large count
  // appears and the editor keeps its room.
  statusCombo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  statusCombo_->setMinimumContentsLength(4);
  labelCombo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  labelCombo_->setMinimumContentsLength(4);

  list_->setModel(model_);
  list_->setItemDelegate(new DocumentDelegate(list_));
  list_->setUniformItemSizes(true);  // one height for all rows: fast with huge lists
  list_->setSelectionMode(QAbstractItemView::SingleSelection);
  list_->setVerticalScrollMode(QAbstractItemView::ScrollPerPixel);
  list_->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  list_->setTextElideMode(Qt::ElideRight);

  footer_->setContentsMargins(4, 0, 4, 0);
  footer_->setForegroundRole(QPalette::PlaceholderText);
  orderCombo_->setToolTip(
      tr("List the documents in document order, or most informative first "
         "(the ranking of the current model)"));
  orderCombo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  orderCombo_->setMinimumContentsLength(12);
  orderCombo_->hide();  // until the current model has ranked the pool

  auto* filters = new QHBoxLayout;
  filters->setSpacing(6);
  filters->addWidget(statusCombo_, 3);  // its counts are longer than label names
  filters->addWidget(labelCombo_, 2);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 4);
  layout->setSpacing(6);
  layout->addWidget(search_);
  layout->addLayout(filters);
  layout->addWidget(list_, 1);
  auto* bottom = new QHBoxLayout;
  bottom->addWidget(footer_, 1);
  bottom->addWidget(orderCombo_);
  layout->addLayout(bottom);

  // Typing restarts the timer, so the (possibly slow) search runs once the
  // user pauses rather than on every key.
  searchTimer_->setSingleShot(true);
  searchTimer_->setInterval(kSearchDelayMs);
  connect(search_, &QLineEdit::textChanged, this, [this](const QString& text) {
    if (!text.isEmpty()) leaveRankedOrder();
    searchTimer_->start();
  });
  connect(searchTimer_, &QTimer::timeout, this, &DocumentBrowser::applyFilter);
  connect(search_, &QLineEdit::returnPressed, this, [this] {
    searchTimer_->stop();
    applyFilter();
  });
  connect(statusCombo_, &QComboBox::currentIndexChanged, this, &DocumentBrowser::applyFilter);
  connect(labelCombo_, &QComboBox::currentIndexChanged, this, [this](int index) {
    if (index > 0) leaveRankedOrder();
    applyFilter();
  });
  connect(orderCombo_, &QComboBox::currentIndexChanged, this, &DocumentBrowser::applyOrder);
  connect(list_->selectionModel(), &QItemSelectionModel::currentChanged, this,
          [this](const QModelIndex& current) { onCurrentChanged(current); });
  connect(model_, &DocumentListModel::totalCountChanged, this, &DocumentBrowser::updateFooter);
  connect(model_, &DocumentListModel::errorOccurred, this, &DocumentBrowser::errorOccurred);

  setSource(nullptr, {}, {});
}

void DocumentBrowser::setSource(store::DocumentRepository* documents,
                                const std::vector<store::Label>& labels,
                                const std::map<text::DocStatus, int64_t>& statusCounts) {
  statusCounts_ = statusCounts;
  lastEmittedId_ = 0;
  // Rebuilding the combos must not filter the old model once per item.
  const QSignalBlocker blockStatus(statusCombo_);
  const QSignalBlocker blockLabel(labelCombo_);
  const QSignalBlocker blockSearch(search_);

  statusCombo_->clear();
  statusCombo_->addItem(QString(), -1);
  for (text::DocStatus s : DocStatusStyle::all())
    statusCombo_->addItem(swatch(DocStatusStyle::color(s)), QString(), static_cast<int>(s));
  updateStatusItems();

  labelCombo_->clear();
  setLabels(labels);

  searchTimer_->stop();
  search_->clear();
  setEnabled(documents != nullptr);
  setRanking(nullptr, 0, {});

  model_->setRepository(documents, {});  // a new project starts unfiltered
  updateFooter();
}

void DocumentBrowser::setStatusCounts(const std::map<text::DocStatus, int64_t>& statusCounts) {
  statusCounts_ = statusCounts;
  updateStatusItems();
  updateFooter();
}

void DocumentBrowser::setLabels(const std::vector<store::Label>& labels) {
  const QString chosen = labelCombo_->currentData().toString();
  {
    const QSignalBlocker block(labelCombo_);
    labelCombo_->clear();
    labelCombo_->addItem(tr("All labels"), QString());
    for (const store::Label& l : labels)
      labelCombo_->addItem(swatch(QColor(QString::fromStdString(l.color))),
                           QString::fromStdString(l.name), QString::fromStdString(l.name));
    labelCombo_->setCurrentIndex(std::max(0, labelCombo_->findData(chosen)));
  }
  // The chosen label was renamed or deleted: the filter changes with it.
  if (!chosen.isEmpty() && labelCombo_->currentIndex() == 0) applyFilter();
}

void DocumentBrowser::refreshDocument(int64_t id) { model_->refreshDocument(id); }

void DocumentBrowser::refresh() { model_->refreshLoaded(); }

void DocumentBrowser::reload() {
  const int64_t current = lastEmittedId_;
  model_->reload();
  const int row = model_->rowOfId(current);
  if (row >= 0) list_->setCurrentIndex(model_->index(row));
}

bool DocumentBrowser::selectNext() {
  const QModelIndex current = list_->currentIndex();
  const int row = current.isValid() ? current.row() + 1 : 0;
  if (row >= model_->rowCount() && model_->canFetchMore({})) model_->fetchMore({});
  if (row >= model_->rowCount()) return false;
  list_->setCurrentIndex(model_->index(row));
  list_->scrollTo(model_->index(row));
  return true;
}

bool DocumentBrowser::selectPrevious() {
  const QModelIndex current = list_->currentIndex();
  if (!current.isValid() || current.row() == 0) return false;
  list_->setCurrentIndex(model_->index(current.row() - 1));
  list_->scrollTo(list_->currentIndex());
  return true;
}

void DocumentBrowser::clearCurrent() {
  const QSignalBlocker block(list_->selectionModel());
  list_->selectionModel()->clearCurrentIndex();
  list_->clearSelection();
  lastEmittedId_ = 0;
}

void DocumentBrowser::updateStatusItems() {
  // In ranked order the list holds the ranked documents only: count those.
  const bool ranked = isRanked();
  int64_t all = 0;
  if (ranked)
    all = rankings_->count(rankModel_, rankStrategy_.toStdString());
  else
    for (const auto& [status, n] : statusCounts_) all += n;
  statusCombo_->setItemText(0, ranked ? tr("All ranked (%1)").arg(number(all))
                                      : tr("All statuses (%1)").arg(number(all)));
  for (int i = 1; i < statusCombo_->count(); ++i) {
    const auto s = static_cast<text::DocStatus>(statusCombo_->itemData(i).toInt());
    const auto it = statusCounts_.find(s);
    const int64_t n = ranked ? rankings_->count(rankModel_, rankStrategy_.toStdString(), s)
                      : it == statusCounts_.end() ? 0
                                                  : it->second;
    statusCombo_->setItemText(i, tr("%1 (%2)").arg(DocStatusStyle::name(s), number(n)));
  }
}

bool DocumentBrowser::isRanked() const { return rankings_ && orderCombo_->currentIndex() == 1; }

void DocumentBrowser::leaveRankedOrder() {
  if (!isRanked()) return;
  // A ranking cannot be searched or filtered by label: the list goes back to
  // document order, and says so, rather than ignoring what was typed.
  orderCombo_->setCurrentIndex(0);  // applyOrder()
  emit messageRequested(tr("Searching and filtering by label list documents in document order."));
}

void DocumentBrowser::applyFilter() {
  store::DocumentFilter f;
  const int status = statusCombo_->currentData().toInt();
  if (status >= 0) f.status = static_cast<text::DocStatus>(status);
  const QString label = labelCombo_->currentData().toString();
  if (!label.isEmpty()) f.label = label.toStdString();
  f.search = search_->text().trimmed().toStdString();

  const int64_t previous = lastEmittedId_;
  model_->setFilter(f);
  // Keep the open document selected when it is still in the list.
  const int row = model_->rowOfId(previous);
  if (row >= 0) list_->setCurrentIndex(model_->index(row));
}

void DocumentBrowser::updateFooter() {
  int64_t all = 0;
  for (const auto& [status, n] : statusCounts_) all += n;
  const int64_t shown = model_->totalCount();
  if (!model_->repository())
    footer_->setText(tr("No project open"));
  else if (shown == all)
    footer_->setText(all == 1 ? tr("1 document") : tr("%1 documents").arg(number(all)));
  else
    footer_->setText(tr("%1 of %2 documents match").arg(number(shown), number(all)));
}

bool DocumentBrowser::selectDocument(int64_t id) {
  const int row = model_->loadUntil(id);
  if (row < 0) return false;
  const QModelIndex index = model_->index(row);
  list_->setCurrentIndex(index);
  list_->scrollTo(index, QAbstractItemView::PositionAtCenter);
  // A list not laid out yet (a project just opened) ignores the scroll: again
  // once it is.
  QTimer::singleShot(0, list_, [this] {
    if (list_->currentIndex().isValid())
      list_->scrollTo(list_->currentIndex(), QAbstractItemView::PositionAtCenter);
  });
  return true;
}

void DocumentBrowser::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  QTimer::singleShot(0, list_, [this] {
    if (list_->currentIndex().isValid()) list_->scrollTo(list_->currentIndex());
  });
}

int64_t DocumentBrowser::currentDocumentId() const {
  const QModelIndex current = list_->currentIndex();
  return current.isValid() ? model_->idAt(current.row()) : 0;
}

void DocumentBrowser::setRanking(store::RankingRepository* rankings, int64_t modelId,
                                 const QString& strategy) {
  const bool wasRanked = orderCombo_->currentIndex() == 1;
  rankings_ = rankings;
  rankModel_ = modelId;
  rankStrategy_ = strategy;
  {
    const QSignalBlocker block(orderCombo_);
    orderCombo_->clear();
    orderCombo_->addItem(tr("Document order"));
    if (rankings) {
      // Named as people read it ("least confidence"), not by its CLI id ("lc").
      QString name = strategy, description;
      if (const auto s = active::parseStrategy(strategy.toStdString())) {
        name = QString::fromUtf8(active::strategyInfo(*s).name);
        description = QString::fromUtf8(active::strategyInfo(*s).description);
      }
      orderCombo_->addItem(tr("Most informative first (%1)").arg(name));
      orderCombo_->setItemData(
          1, tr("Ranked by the current model with %1: %2").arg(name, description), Qt::ToolTipRole);
    }
    orderCombo_->setCurrentIndex(rankings && wasRanked ? 1 : 0);
  }
  orderCombo_->setVisible(rankings != nullptr);
  if (wasRanked || model_->ranked()) applyOrder();
}

void DocumentBrowser::applyOrder() {
  const bool ranked = isRanked();
  if (ranked) {  // what ranked order cannot do is cleared, not hidden
    const QSignalBlocker blockSearch(search_);
    const QSignalBlocker blockLabel(labelCombo_);
    searchTimer_->stop();
    search_->clear();
    labelCombo_->setCurrentIndex(0);
    applyFilter();
  }
  updateStatusItems();
  const int64_t previous = lastEmittedId_;
  model_->setRanking(ranked ? rankings_ : nullptr, rankModel_, rankStrategy_.toStdString());
  const int row = model_->rowOfId(previous);
  if (row >= 0) list_->setCurrentIndex(model_->index(row));
}

void DocumentBrowser::focusSearch() {
  search_->setFocus(Qt::ShortcutFocusReason);
  search_->selectAll();
}

void DocumentBrowser::onCurrentChanged(const QModelIndex& current) {
  if (!current.isValid()) return;
  const int64_t id = model_->idAt(current.row());
  if (id == 0 || id == lastEmittedId_) return;
  lastEmittedId_ = id;
  emit documentActivated(id);
}

}  // namespace spanforge::ui
