#include "editor/spaneditor.h"

#include "editor/editorshortcuts.h"

#include <QAction>
#include <QContextMenuEvent>
#include <QFocusEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QScrollBar>
#include <QStyle>

#include <algorithm>
#include <cmath>

namespace spanforge::ui {

SpanEditor::SpanEditor(QWidget* parent)
    : QAbstractScrollArea(parent),
      painter_(layout_),
      labelAll_(new QAction(tr("Label All &Occurrences"), this)),
      labelAllIgnoringCase_(new QAction(tr("Label All Occurrences, Ignoring &Case"), this)),
      interaction_(*this) {
  // Reading text: a little larger than the UI font.
  QFont f = font();
  f.setPointSizeF(f.pointSizeF() * 1.3);
  setFont(f);
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  viewport()->setBackgroundRole(QPalette::Base);
  viewport()->setAutoFillBackground(true);
  viewport()->setMouseTracking(true);
  viewport()->setCursor(Qt::IBeamCursor);
  setFocusPolicy(Qt::StrongFocus);
  setAttribute(Qt::WA_InputMethodEnabled, false);  // hotkeys are plain keys
  placeholder_ = tr("No document selected");
  // The keys work while the editor has the focus; the actions also fill the
  // context menu, which shows the keys.
  labelAll_->setShortcut(EditorShortcuts::labelAllOccurrences());
  labelAllIgnoringCase_->setShortcut(EditorShortcuts::labelAllOccurrencesIgnoringCase());
  for (QAction* a : {labelAll_, labelAllIgnoringCase_}) {
    a->setShortcutContext(Qt::WidgetShortcut);
    addAction(a);
  }
  connect(labelAll_, &QAction::triggered, this, [this] { labelAllOccurrences(false); });
  connect(labelAllIgnoringCase_, &QAction::triggered, this, [this] { labelAllOccurrences(true); });
  connect(this, &SpanEditor::selectionChanged, this, &SpanEditor::updateActions);
  updateActions();
  relayout();
}

SpanEditor::~SpanEditor() = default;

QSize SpanEditor::sizeHint() const { return QSize(640, 400); }
// 60 characters of text per line at least: below that a sentence breaks
// into a word or two per line and spans are hard to read.
QSize SpanEditor::minimumSizeHint() const {
  const int text = kMinColumns * fontMetrics().averageCharWidth();
  const int scrollBar = style()->pixelMetric(QStyle::PM_ScrollBarExtent, nullptr, this);
  return QSize(text + static_cast<int>(2 * kMargin) + scrollBar + 2 * frameWidth(), 120);
}

int SpanEditor::textWidth() const { return viewport()->width() - static_cast<int>(2 * kMargin); }

QFont SpanEditor::tagFont() const {
  QFont f = font();
  f.setPointSizeF(f.pointSizeF() * 0.68);
  f.setWeight(QFont::DemiBold);
  return f;
}

void SpanEditor::setLabels(const std::vector<store::Label>& labels) {
  doc_.setLabels(labels);
  viewport()->update();
}

void SpanEditor::setDocument(int64_t id, const text::Document& doc) {
  id_ = id;
  if (suggestions_.documentId() != id) suggestions_.clear();
  selectedSuggestion_ = advanceFrom_ = -1;
  doc_.load(doc);
  layout_.setText(doc_.text());
  selection_.reset(doc_.tokens());
  pendingSelect_ = {};
  verticalScrollBar()->setValue(0);
  setSpans(doc.spans);
  relayout();
}

void SpanEditor::setSpans(const std::vector<text::Span>& spans) {
  doc_.setSpans(spans);
  selection_.setSpans(doc_.spanRanges());
  if (!pendingSelect_.empty()) {
    const int i = selection_.findSpan(pendingSelect_);
    if (i >= 0) selection_.selectSpan(i);
    pendingSelect_ = {};
  }
  refreshLayer(selectedSuggestion_ >= 0 ? suggestion(selectedSuggestion_).span : text::Span{});
  viewport()->update();
  emit selectionChanged();
}

void SpanEditor::setSuggestions(int64_t documentId,
                                const std::vector<text::ScoredSpan>& suggestions) {
  const text::Span kept =
      selectedSuggestion_ >= 0 ? suggestion(selectedSuggestion_).span : text::Span{};
  suggestions_.set(documentId, suggestions);
  refreshLayer(documentId == id_ ? kept : text::Span{});
  viewport()->update();
  emit selectionChanged();
}

// Gold spans or suggestions changed: merge them again, keep the selected
// suggestion (`kept`, empty when none), or after one was accepted or
// rejected select the next.
void SpanEditor::refreshLayer(const text::Span& kept) {
  suggestions_.rebuild(doc_, id_);
  selectedSuggestion_ = kept.end > kept.start ? suggestions_.find(kept) : -1;
  interaction_.clearHover();
  if (selectedSuggestion_ >= 0 || advanceFrom_ < 0 || suggestions_.count() == 0 ||
      selection_.selectedSpan() >= 0 || selection_.hasRange())
    return;
  const int next = suggestions_.firstFrom(advanceFrom_);
  advanceFrom_ = -1;
  selectSuggestion(next >= 0 ? next : 0);
}

text::ScoredSpan SpanEditor::suggestion(int i) const {
  return i >= 0 && i < suggestionCount() ? suggestions_.suggestion(i) : text::ScoredSpan{};
}

QVector<QRectF> SpanEditor::suggestionRects(int i) const {
  QVector<QRectF> out;
  if (i < 0 || i >= suggestionCount()) return out;
  for (const QRectF& r : painter_.boxes(suggestions_.range(i)))
    out.push_back(r.translated(0, -scrollY()));
  return out;
}

QRectF SpanEditor::suggestionTagRect(int i) const {
  const QRectF r = painter_.tagOf(suggestions_.layer(), suggestions_.layerOfSuggestion(i));
  return r.isNull() ? r : r.translated(0, -scrollY());
}

void SpanEditor::selectSuggestion(int i) {
  if (i < 0 || i >= suggestionCount()) return;
  selection_.clear();
  selection_.placeCursor(selection_.tokenNear(suggestions_.range(i).start));
  selectedSuggestion_ = i;
  ensureVisible(suggestions_.range(i));
  viewport()->update();
  emit selectionChanged();
}

void SpanEditor::acceptSelectedSuggestion() { interaction_.requestSuggestion(true, {}); }
void SpanEditor::rejectSelectedSuggestion() { interaction_.requestSuggestion(false, {}); }

void SpanEditor::selectRange(const text::Span& span) {
  const TextRange r = doc_.toRange(span.start, span.end);
  if (r.empty()) return;
  selectedSuggestion_ = -1;
  const int i = selection_.findSpan(r);
  if (i >= 0)
    selection_.selectSpan(i);
  else
    selection_.dragTo(r.start, r.end, false);
  selectionMoved();
}

void SpanEditor::clearDocument() {
  id_ = 0;
  doc_.clear();
  suggestions_.clear();
  suggestions_.rebuild(doc_, 0);
  selectedSuggestion_ = advanceFrom_ = -1;
  selection_.reset({});
  layout_.setText(QString());
  updateActions();
  relayout();
}

void SpanEditor::setPlaceholderText(const QString& text) {
  placeholder_ = text;
  viewport()->update();
}

QString SpanEditor::spanLabel(int i) const {
  return i >= 0 && i < spanCount() ? doc_.spans()[size_t(i)].label : QString();
}

QString SpanEditor::spanText(int i) const {
  if (i < 0 || i >= spanCount()) return {};
  const TextRange& r = doc_.spans()[size_t(i)].range;
  return text().mid(r.start, r.end - r.start);
}

text::Span SpanEditor::span(int i) const {
  return i >= 0 && i < spanCount()
             ? doc_.toSpan(doc_.spans()[size_t(i)].range, doc_.spans()[size_t(i)].label)
             : text::Span{};
}

text::Span SpanEditor::selection() const { return doc_.toSpan(selection_.range(), {}); }

QString SpanEditor::selectedText() const {
  const TextRange r = selection_.range();
  return text().mid(r.start, r.end - r.start);
}

qreal SpanEditor::scrollY() const { return verticalScrollBar()->value(); }

QVector<QRectF> SpanEditor::spanRects(int i) const {
  QVector<QRectF> out;
  if (i < 0 || i >= spanCount()) return out;
  for (const QRectF& r : painter_.boxes(doc_.spans()[size_t(i)].range))
    out.push_back(r.translated(0, -scrollY()));
  return out;
}

QRectF SpanEditor::tagRect(int i) const {
  const QRectF r = painter_.tagOf(suggestions_.layer(), suggestions_.layerOfGold(i));
  return r.isNull() ? r : r.translated(0, -scrollY());
}

QRectF SpanEditor::characterRect(int64_t cp) const {
  const TextRange r = doc_.toRange(cp, cp + 1);
  if (r.empty()) return {};
  const QVector<QRectF> rects = layout_.rangeRects(r.start, r.end);
  return rects.isEmpty() ? QRectF() : rects.front().translated(0, -scrollY());
}

void SpanEditor::selectSpan(int i) {
  selectedSuggestion_ = -1;
  selection_.selectSpan(i);
  selectionMoved();
}

void SpanEditor::clearSelection() {
  selectedSuggestion_ = -1;
  selection_.clear();
  selectionMoved();
}

void SpanEditor::applyLabel(const QString& label) { interaction_.applyLabel(label); }
void SpanEditor::removeSelectedSpan() { interaction_.removeSelectedSpan(); }
void SpanEditor::labelAllOccurrences(bool ignoreCase) {
  interaction_.labelAllOccurrences(ignoreCase);
}

// Disabled without a selected span, so their keys reach keyPressEvent, which
// says what to select.
void SpanEditor::updateActions() {
  const bool span = selection_.selectedSpan() >= 0 && selectedSuggestion_ < 0;
  labelAll_->setEnabled(span);
  labelAllIgnoringCase_->setEnabled(span);
}

void SpanEditor::relayout() {
  layout_.setFont(font(), QFontMetricsF(tagFont()).height());
  painter_.setTagFont(tagFont());
  layout_.setWidth(viewport()->width());
  updateScrollBar();
  viewport()->update();
}

void SpanEditor::updateScrollBar() {
  QScrollBar* bar = verticalScrollBar();
  const int page = viewport()->height();
  bar->setRange(0, std::max(0, static_cast<int>(std::ceil(layout_.height())) - page));
  bar->setPageStep(page);
  bar->setSingleStep(std::max(1, QFontMetrics(font()).height()));
}

void SpanEditor::ensureVisible(const TextRange& r) {
  const QVector<QRectF> rects = layout_.rangeRects(r.start, std::max(r.end, r.start + 1));
  updateScrollBar();
  if (rects.isEmpty()) return;
  const qreal top = rects.front().top() - layout_.tagBand() - 4;
  const qreal bottom = rects.back().bottom() + 8;
  QScrollBar* bar = verticalScrollBar();
  if (top < bar->value())
    bar->setValue(int(std::floor(top)));
  else if (bottom > bar->value() + viewport()->height())
    bar->setValue(int(std::ceil(bottom - viewport()->height())));
}

void SpanEditor::selectionMoved() {
  const int span = selection_.selectedSpan();
  if (span >= 0)
    ensureVisible(doc_.spans()[size_t(span)].range);
  else if (selection_.cursor() >= 0)
    ensureVisible(selection_.tokens()[size_t(selection_.cursor())]);
  viewport()->update();
  emit selectionChanged();
}

void SpanEditor::resizeEvent(QResizeEvent* event) {
  QAbstractScrollArea::resizeEvent(event);
  if (viewport()->width() == int(layout_.width())) {
    updateScrollBar();
    return;
  }
  // Keep the first visible text in view across the new line breaks.
  const int top = layout_.text().isEmpty() ? 0 : layout_.hitTest(QPointF(kMargin, scrollY()));
  relayout();
  if (top > 0) verticalScrollBar()->setValue(int(layout_.lineRect(top).top() - layout_.tagBand()));
}

void SpanEditor::changeEvent(QEvent* event) {
  QAbstractScrollArea::changeEvent(event);
  if (event->type() == QEvent::FontChange) relayout();
  if (event->type() == QEvent::PaletteChange) viewport()->update();
}

// Tab and Shift+Tab move between spans while a document is open.
void SpanEditor::focusInEvent(QFocusEvent* event) {
  QAbstractScrollArea::focusInEvent(event);
  // Tabbed into with nothing selected: the first (or last) span or suggestion
  // is, so that Space, Delete and label keys act at once.
  const bool tab =
      event->reason() == Qt::TabFocusReason || event->reason() == Qt::BacktabFocusReason;
  if (!tab || id_ == 0 || selectedSuggestion_ >= 0 || selection_.selectedSpan() >= 0 ||
      selection_.hasRange() || (spanCount() == 0 && suggestionCount() == 0))
    return;
  selection_.placeCursor(-1);
  QKeyEvent press(QEvent::KeyPress,
                  event->reason() == Qt::TabFocusReason ? Qt::Key_Tab : Qt::Key_Backtab,
                  Qt::NoModifier);
  interaction_.keyPress(press);
}

bool SpanEditor::focusNextPrevChild(bool next) {
  return id_ == 0 ? QAbstractScrollArea::focusNextPrevChild(next) : false;
}

bool SpanEditor::viewportEvent(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    if (!interaction_.showToolTip(*static_cast<QHelpEvent*>(event))) event->ignore();
    return true;
  }
  return QAbstractScrollArea::viewportEvent(event);
}

void SpanEditor::paintEvent(QPaintEvent*) {
  QPainter p(viewport());
  p.setRenderHint(QPainter::Antialiasing);
  if (layout_.text().isEmpty()) {
    p.setPen(palette().color(QPalette::PlaceholderText));
    p.drawText(QRectF(viewport()->rect()).adjusted(kMargin, kMargin, -kMargin, -kMargin),
               Qt::AlignCenter | Qt::TextWordWrap, placeholder_);
    return;
  }
  const qreal before = layout_.height();
  EditorScene scene;
  scene.spans = &suggestions_.layer();
  scene.selection = selection_.range();
  scene.charLevel = selection_.charLevel();
  scene.selectionHint = doc_.keysHint();
  scene.selectedSpan = selectedSuggestion_ >= 0
                           ? suggestions_.layerOfSuggestion(selectedSuggestion_)
                           : suggestions_.layerOfGold(selection_.selectedSpan());
  scene.hoverSpan = interaction_.hoverSpan();
  if (selection_.cursor() >= 0) scene.caret = selection_.tokens()[size_t(selection_.cursor())];
  scene.focused = hasFocus();
  painter_.paint(p, palette(), scene, scrollY(), QRectF(viewport()->rect()));
  // Blocks laid out for the first time may differ from their estimates.
  if (layout_.height() != before) updateScrollBar();
}

// Input goes to the interaction; what it does not take, the base class gets.
void SpanEditor::mousePressEvent(QMouseEvent* event) {
  if (!interaction_.mousePress(*event)) QAbstractScrollArea::mousePressEvent(event);
}

void SpanEditor::mouseMoveEvent(QMouseEvent* event) { interaction_.mouseMove(*event); }

void SpanEditor::mouseReleaseEvent(QMouseEvent* event) {
  if (!interaction_.mouseRelease(*event)) QAbstractScrollArea::mouseReleaseEvent(event);
}

void SpanEditor::mouseDoubleClickEvent(QMouseEvent* event) {
  interaction_.mouseDoubleClick(*event);
}

void SpanEditor::keyPressEvent(QKeyEvent* event) {
  if (!interaction_.keyPress(*event)) QAbstractScrollArea::keyPressEvent(event);
}

void SpanEditor::contextMenuEvent(QContextMenuEvent* event) { interaction_.contextMenu(*event); }

}  // namespace spanforge::ui
