#include "modelloop/review/reviewqueueview.h"

#include "common/contextdelegate.h"
#include "modelloop/review/reviewqueuemodel.h"
#include "session/annotationsession.h"
#include "store/projectstore.h"
#include "store/reviewqueue.h"
#include "text/tokenizer.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTableView>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <exception>

namespace spanforge::ui {

namespace {

QDoubleSpinBox* scoreBox(double value, QWidget* parent) {
  auto* box = new QDoubleSpinBox(parent);
  box->setRange(0.0, 1.0);
  box->setSingleStep(0.05);
  box->setDecimals(2);
  box->setValue(value);
  box->setKeyboardTracking(false);  // filter when the value is complete
  return box;
}

}  // namespace

ReviewQueueView::ReviewQueueView(QWidget* parent)
    : QWidget(parent),
      model_(new ReviewQueueModel(this)),
      labelCombo_(new QComboBox(this)),
      minScore_(scoreBox(0.0, this)),
      maxScore_(scoreBox(1.0, this)),
      probablyWrong_(new QPushButton(tr("Probably wrong"), this)),
      statusCombo_(new QComboBox(this)),
      table_(new QTableView(this)),
      footer_(new QLabel(this)),
      refreshTimer_(new QTimer(this)) {
  labelCombo_->setToolTip(tr("Only predicted spans of this label"));
  minScore_->setToolTip(tr("Lowest score listed"));
  maxScore_->setToolTip(tr("Highest score listed"));
  probablyWrong_->setCheckable(true);
  probablyWrong_->setToolTip(
      tr("Only spans scored below one half: more likely wrong than right (scores are calibrated "
         "on the dev set when the model is trained)"));
  statusCombo_->addItem(tr("Unlabelled documents"), static_cast<int>(text::DocStatus::Unlabelled));
  statusCombo_->addItem(tr("All documents"), -1);
  statusCombo_->setToolTip(tr("Predictions in documents with this status"));

  table_->setModel(model_);
  table_->setItemDelegateForColumn(
      ReviewQueueModel::ContextColumn,
      new ContextDelegate(ReviewQueueModel::BeforeRole, ReviewQueueModel::SpanTextRole,
                          ReviewQueueModel::AfterRole, ReviewQueueModel::LabelColorRole, table_));
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setShowGrid(false);
  table_->setAlternatingRowColors(true);
  table_->setWordWrap(false);
  table_->verticalHeader()->hide();
  table_->verticalHeader()->setDefaultSectionSize(QFontMetrics(font()).height() + 10);
  QHeaderView* header = table_->horizontalHeader();
  header->setSectionResizeMode(ReviewQueueModel::ContextColumn, QHeaderView::Stretch);
  header->setSectionResizeMode(ReviewQueueModel::ScoreColumn, QHeaderView::ResizeToContents);
  header->setSectionResizeMode(ReviewQueueModel::DocumentColumn, QHeaderView::ResizeToContents);
  header->resizeSection(ReviewQueueModel::LabelColumn, 110);
  header->setHighlightSections(false);
  table_->installEventFilter(this);

  // Two rows, so that the queue fits beside the editor on a small screen.
  auto* which = new QHBoxLayout;
  which->setSpacing(6);
  labelCombo_->setMinimumContentsLength(14);
  labelCombo_->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
  which->addWidget(labelCombo_);
  which->addWidget(statusCombo_);
  which->addStretch(1);
  auto* scores = new QHBoxLayout;
  scores->setSpacing(6);
  scores->addWidget(new QLabel(tr("Score"), this));
  scores->addWidget(minScore_);
  scores->addWidget(new QLabel(QStringLiteral("–"), this));
  scores->addWidget(maxScore_);
  scores->addWidget(probablyWrong_);
  scores->addStretch(1);

  footer_->setForegroundRole(QPalette::PlaceholderText);
  footer_->setTextFormat(Qt::RichText);
  footer_->setWordWrap(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 4);
  layout->setSpacing(6);
  layout->addLayout(which);
  layout->addLayout(scores);
  layout->addWidget(table_, 1);
  layout->addWidget(footer_);

  refreshTimer_->setSingleShot(true);
  refreshTimer_->setInterval(0);  // several changes in one event: one refresh
  connect(refreshTimer_, &QTimer::timeout, this, &ReviewQueueView::refreshKeepingRow);
  connect(labelCombo_, &QComboBox::currentIndexChanged, this, &ReviewQueueView::applyFilter);
  connect(statusCombo_, &QComboBox::currentIndexChanged, this, &ReviewQueueView::applyFilter);
  for (QDoubleSpinBox* box : {minScore_, maxScore_}) {
    connect(box, &QDoubleSpinBox::valueChanged, this, &ReviewQueueView::applyFilter);
    // The button says whether the range is its range.
    connect(box, &QDoubleSpinBox::valueChanged, this, [this] {
      const QSignalBlocker block(probablyWrong_);
      probablyWrong_->setChecked(minScore_->value() == 0.0 &&
                                 maxScore_->value() == kProbablyWrongBelow);
    });
  }
  connect(probablyWrong_, &QPushButton::toggled, this, [this](bool on) {
    minScore_->setValue(0.0);
    maxScore_->setValue(on ? kProbablyWrongBelow : 1.0);
  });
  connect(model_, &ReviewQueueModel::totalCountChanged, this, &ReviewQueueView::updateFooter);
  connect(model_, &ReviewQueueModel::errorOccurred, this, &ReviewQueueView::message);
  connect(table_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          [this](const QModelIndex& current) {
            restore();
            if (!current.isValid()) return;
            const store::ReviewItem& it = model_->item(current.row());
            emit documentRequested(it.documentId, it.span, false);
          });
  connect(table_, &QAbstractItemView::doubleClicked, this, [this](const QModelIndex& i) {
    emit documentRequested(model_->item(i.row()).documentId, model_->item(i.row()).span, true);
  });
  setSession(nullptr);
}

ReviewQueueView::~ReviewQueueView() { model_->setQueue(nullptr, {}); }

void ReviewQueueView::setSession(AnnotationSession* session) {
  if (session_) disconnect(session_, nullptr, this, nullptr);
  session_ = session;
  model_->setQueue(nullptr, {});
  queue_ = session ? std::make_unique<store::ReviewQueue>(session->project()) : nullptr;
  modelRecord_.reset();
  setEnabled(session != nullptr);
  if (session) {
    connect(session, &AnnotationSession::predictionsChanged, refreshTimer_,
            qOverload<>(&QTimer::start));
    connect(session, &AnnotationSession::labelsChanged, this, &ReviewQueueView::updateLabels);
  }
  updateLabels();
}

void ReviewQueueView::setModel(const std::optional<store::ModelRecord>& model) {
  modelRecord_ = model;
  applyFilter();
}

void ReviewQueueView::reload() { applyFilter(); }

void ReviewQueueView::updateLabels() {
  const QString chosen = labelCombo_->currentData().toString();
  QHash<QString, QColor> colors;
  {
    const QSignalBlocker block(labelCombo_);
    labelCombo_->clear();
    labelCombo_->addItem(tr("All labels"), QString());
    if (session_) {
      for (const store::Label& l : session_->labels()) {
        const QString name = QString::fromStdString(l.name);
        colors.insert(name, QColor(QString::fromStdString(l.color)));
        labelCombo_->addItem(name, name);
      }
    }
    labelCombo_->setCurrentIndex(std::max(0, labelCombo_->findData(chosen)));
  }
  model_->setLabelColors(colors);
  applyFilter();
}

void ReviewQueueView::applyFilter() {
  store::ReviewFilter f;
  f.modelId = modelRecord_ ? modelRecord_->id : 0;
  const QString label = labelCombo_->currentData().toString();
  if (!label.isEmpty()) f.label = label.toStdString();
  f.minScore = minScore_->value();
  f.maxScore = maxScore_->value();
  const int status = statusCombo_->currentData().toInt();
  if (status >= 0) f.status = static_cast<text::DocStatus>(status);
  draft_.clear();
  model_->setQueue(queue_.get(), f);
  updateFooter();
}

void ReviewQueueView::refreshKeepingRow() {
  if (!isVisible()) return;  // read again when shown (ModelLoop reloads it)
  const int row = currentRow();
  draft_.clear();
  model_->refresh();
  if (model_->rowCount() == 0) return;
  const QSignalBlocker block(table_->selectionModel());  // no preview: the editor shows it
  table_->setCurrentIndex(model_->index(std::clamp(row, 0, model_->rowCount() - 1), 0));
  // After a decision made here, show the next row's document; after one made
  // in the editor, leave the editor where it is.
  const store::ReviewItem& it = model_->item(table_->currentIndex().row());
  if (row >= 0 && table_->hasFocus()) emit documentRequested(it.documentId, it.span, false);
}

void ReviewQueueView::updateFooter() {
  const QString keys =
      tr("<b>Space</b> accept &nbsp; <b>Del</b> reject &nbsp; <b>label key</b> relabel &nbsp; "
         "<b>Ctrl+←/→</b> start &nbsp; <b>Shift+←/→</b> end &nbsp; <b>Esc</b> restore &nbsp; "
         "<b>Enter</b> open");
  QString count;
  if (!modelRecord_)
    count = tr("No current model: train one and choose “Use This Model”.");
  else
    count = tr("%1 predicted span(s), least confident first")
                .arg(QLocale().toString(static_cast<qlonglong>(model_->totalCount())));
  footer_->setText(count.toHtmlEscaped() + QStringLiteral(" &nbsp;·&nbsp; ") + keys);
}

int ReviewQueueView::currentRow() const {
  const QModelIndex i = table_->currentIndex();
  return i.isValid() ? i.row() : -1;
}

bool ReviewQueueView::eventFilter(QObject* watched, QEvent* event) {
  if (watched == table_ && event->type() == QEvent::KeyPress) {
    auto* key = static_cast<QKeyEvent*>(event);
    if (handleKey(key->key(), key->modifiers(), key->text())) return true;
  }
  return QWidget::eventFilter(watched, event);
}

bool ReviewQueueView::handleKey(int key, Qt::KeyboardModifiers mods, const QString& text) {
  if (!session_ || currentRow() < 0) return false;
  const bool ctrl = mods & Qt::ControlModifier, shift = mods & Qt::ShiftModifier;
  const bool plain = !(mods & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier));
  if ((key == Qt::Key_Left || key == Qt::Key_Right) && (ctrl || shift)) {
    moveBoundary(ctrl, key == Qt::Key_Left ? -1 : 1);
    return true;
  }
  switch (key) {
    case Qt::Key_Space:
      accept({});
      return true;
    case Qt::Key_Delete:
    case Qt::Key_Backspace:
      reject();
      return true;
    case Qt::Key_Escape:
      restore();
      return true;
    case Qt::Key_Return:
    case Qt::Key_Enter: {
      const store::ReviewItem& it = model_->item(currentRow());
      emit documentRequested(it.documentId, it.span, true);
      return true;
    }
    default:
      break;
  }
  const QString k = text.toLower();
  if (!plain || k.size() != 1 || !k.front().isLetterOrNumber()) return false;
  for (const store::Label& l : session_->labels()) {
    if (QString::fromStdString(l.hotkey).toLower() == k) {
      accept(QString::fromStdString(l.name));
      return true;
    }
  }
  emit message(tr("No label has the key %1.").arg(k.toUpper()));
  return true;
}

void ReviewQueueView::accept(const QString& label) {
  const store::ReviewItem& it = model_->item(currentRow());
  text::Span gold = draft_.active() ? draft_.item().span : it.span;
  if (!label.isEmpty()) gold.label = label.toStdString();
  session_->acceptSuggestion(it.documentId, {it.span, it.score}, gold);
}

void ReviewQueueView::reject() {
  const store::ReviewItem& it = model_->item(currentRow());
  session_->rejectSuggestion(it.documentId, {it.span, it.score});
}

bool ReviewQueueView::moveBoundary(bool startEdge, int delta) {
  const int row = currentRow();
  if (!draft_.active()) {
    const store::ReviewItem& it = model_->item(row);
    try {
      const auto stored = session_->project().documents().get(it.documentId);
      if (!stored) return false;
      const auto& d = stored->doc;
      draft_.start(it, d.text, d.tokens.empty() ? text::Tokenizer().tokenize(d.text) : d.tokens);
    } catch (const std::exception& e) {
      emit message(QString::fromStdString(e.what()));
      return false;
    }
  }
  const bool moved = startEdge ? draft_.moveStart(delta) : draft_.moveEnd(delta);
  if (!moved) emit message(tr("The span cannot grow or shrink further that way."));
  if (draft_.edited())
    model_->setDraft(row, draft_.item());
  else
    model_->clearDraft();
  return moved;
}

void ReviewQueueView::restore() {
  draft_.clear();
  model_->clearDraft();
}

}  // namespace spanforge::ui
