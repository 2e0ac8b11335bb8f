#include "editor/editorinteraction.h"

#include "editor/editorshortcuts.h"
#include "editor/spaneditor.h"

#include <QAction>
#include <QApplication>
#include <QContextMenuEvent>
#include <QHelpEvent>
#include <QKeyEvent>
#include <QMenu>
#include <QMouseEvent>
#include <QScrollBar>
#include <QToolTip>

namespace spanforge::ui {

EditorInteraction::EditorInteraction(SpanEditor& editor)
    : editor_(editor), keyboard_(editor.layout_, editor.selection_) {}

QPointF EditorInteraction::toContent(const QPointF& p) const {
  return p + QPointF(0, editor_.scrollY());
}

int EditorInteraction::layerAtPoint(const QPointF& p) const {
  const QPointF c = toContent(p);
  DocumentLayout& layout = editor_.layout_;
  if (layout.blockCount() == 0) return -1;
  const std::vector<PaintSpan>& layer = editor_.suggestions_.layer();
  const auto [first, last] = layout.layoutRange(c.y() - 60, c.y() + 60);
  for (const auto& [i, tag] : editor_.painter_.tags(layer, first, last))
    if (tag.contains(c)) return i;
  const int pos = layout.hitTest(c, true);
  const auto [from, to] = SpanPainter::spansIn(layer, pos, pos + 1);
  for (int i = from; i < to; ++i)
    for (const QRectF& r : editor_.painter_.boxes(layer[size_t(i)].range))
      if (r.contains(c)) return i;
  return -1;
}

int EditorInteraction::spanAtPoint(const QPointF& p) const {
  return editor_.suggestions_.goldAt(layerAtPoint(p));
}

int EditorInteraction::suggestionAtPoint(const QPointF& p) const {
  return editor_.suggestions_.suggestionAt(layerAtPoint(p));
}

bool EditorInteraction::mousePress(const QMouseEvent& event) {
  if (event.button() != Qt::LeftButton || editor_.layout_.text().isEmpty()) return false;
  editor_.setFocus(Qt::MouseFocusReason);
  pressPoint_ = event.position();
  pressPos_ = editor_.layout_.hitTest(toContent(pressPoint_));
  pressSpan_ = spanAtPoint(pressPoint_);
  pressSuggestion_ = suggestionAtPoint(pressPoint_);
  editor_.advanceFrom_ = -1;
  pressAlt_ = event.modifiers() & Qt::AltModifier;
  dragging_ = false;
  doubleClicked_ = false;
  return true;
}

void EditorInteraction::mouseMove(const QMouseEvent& event) {
  QWidget* viewport = editor_.viewport();
  if (!(event.buttons() & Qt::LeftButton) || pressPos_ < 0) {
    const int hover = layerAtPoint(event.position());
    if (hover != hoverSpan_) {
      hoverSpan_ = hover;
      viewport->setCursor(hover >= 0 ? Qt::PointingHandCursor : Qt::IBeamCursor);
      viewport->update();
    }
    return;
  }
  if (!dragging_ &&
      (event.position() - pressPoint_).manhattanLength() < QApplication::startDragDistance())
    return;
  dragging_ = true;
  editor_.selectedSuggestion_ = -1;
  // Dragging past the top or bottom edge scrolls.
  QScrollBar* bar = editor_.verticalScrollBar();
  if (event.position().y() < 0) bar->setValue(bar->value() - bar->singleStep());
  if (event.position().y() > viewport->height()) bar->setValue(bar->value() + bar->singleStep());
  const int pos = editor_.layout_.hitTest(toContent(event.position()));
  editor_.selection_.dragTo(pressPos_, pos, pressAlt_ || (event.modifiers() & Qt::AltModifier));
  viewport->update();
  emit editor_.selectionChanged();
}

bool EditorInteraction::mouseRelease(const QMouseEvent& event) {
  if (event.button() != Qt::LeftButton || pressPos_ < 0) return false;
  EditorSelection& selection = editor_.selection_;
  if (dragging_) {
    const int pos = editor_.layout_.hitTest(toContent(event.position()));
    selection.dragTo(pressPos_, pos, pressAlt_ || (event.modifiers() & Qt::AltModifier));
    if (!selection.hasRange())
      emit editor_.messageRequested(
          SpanEditor::tr("That selection covers no token; hold Alt to select characters."));
  } else if (!doubleClicked_) {
    editor_.selectedSuggestion_ = -1;
    if (pressSuggestion_ >= 0) {
      pressPos_ = -1;
      editor_.selectSuggestion(pressSuggestion_);
      return true;
    }
    const QPointF at = toContent(event.position());
    if (pressSpan_ >= 0)
      selection.selectSpan(pressSpan_);
    else if (at.y() > editor_.layout_.height())
      selection.placeCursor(-1);  // below the text: no word, so Tab starts at the top
    else
      selection.placeCursor(selection.tokenNear(editor_.layout_.hitTest(at, true)));
  }
  pressPos_ = -1;
  dragging_ = false;
  editor_.viewport()->update();
  emit editor_.selectionChanged();
  return true;
}

void EditorInteraction::mouseDoubleClick(const QMouseEvent& event) {
  if (event.button() != Qt::LeftButton || editor_.layout_.text().isEmpty()) return;
  doubleClicked_ = true;
  pressPos_ = -1;
  editor_.selectedSuggestion_ = -1;
  EditorSelection& selection = editor_.selection_;
  const int token = selection.tokenAt(editor_.layout_.hitTest(toContent(event.position()), true));
  if (token >= 0) selection.moveCursor(token, false);
  editor_.viewport()->update();
  emit editor_.selectionChanged();
}

bool EditorInteraction::keyPress(const QKeyEvent& event) {
  if (editor_.layout_.text().isEmpty()) return false;
  const bool plainTab = (event.key() == Qt::Key_Tab || event.key() == Qt::Key_Backtab) &&
                        !(event.modifiers() & (Qt::ControlModifier | Qt::AltModifier));
  if (plainTab && editor_.suggestionCount() > 0) {
    stepThroughLayer(event.key() == Qt::Key_Backtab || (event.modifiers() & Qt::ShiftModifier));
    return true;
  }
  if (event.key() == Qt::Key_Space && editor_.selectedSuggestion_ >= 0) {
    requestSuggestion(true, {});
    return true;
  }
  editor_.advanceFrom_ = -1;
  switch (keyboard_.navigate(event)) {
    case EditorKeyboard::Result::Moved:
      editor_.selectedSuggestion_ = -1;
      editor_.selectionMoved();
      return true;
    case EditorKeyboard::Result::NoSpans:
      emit editor_.messageRequested(SpanEditor::tr("This document has no spans yet."));
      return true;
    case EditorKeyboard::Result::Ignored:
      break;
  }
  // Here only while its action is disabled (no span selected): say why.
  const QKeySequence pressed(event.keyCombination());
  if (pressed == EditorShortcuts::labelAllOccurrences() ||
      pressed == EditorShortcuts::labelAllOccurrencesIgnoringCase()) {
    labelAllOccurrences(pressed == EditorShortcuts::labelAllOccurrencesIgnoringCase());
    return true;
  }
  const QString key = event.text().toLower();
  const bool plain =
      !(event.modifiers() & (Qt::ControlModifier | Qt::AltModifier | Qt::MetaModifier));
  const QString label = editor_.doc_.labelForKey(key);
  if (event.key() == Qt::Key_Delete || event.key() == Qt::Key_Backspace)
    removeSelectedSpan();
  else if (key == QLatin1String("?"))
    emit editor_.helpRequested();
  else if (plain && key.size() == 1 && !label.isEmpty())
    applyLabel(label);
  else if (plain && key.size() == 1 && key.front().isLetterOrNumber())
    emit editor_.messageRequested(
        SpanEditor::tr("No label has the key %1 (F1 lists every key).").arg(key.toUpper()));
  else
    return false;
  return true;
}

// Tab and Shift+Tab with suggestions shown: through gold spans and
// suggestions in text order.
bool EditorInteraction::stepThroughLayer(bool backwards) {
  const EditorSuggestions& suggestions = editor_.suggestions_;
  const EditorSelection& selection = editor_.selection_;
  const int from = editor_.selectedSuggestion_ >= 0
                       ? suggestions.layerOfSuggestion(editor_.selectedSuggestion_)
                       : suggestions.layerOfGold(selection.selectedSpan());
  const int cursor = selection.cursor();
  const int at = suggestions.adjacent(
      from, cursor >= 0 ? selection.tokens()[size_t(cursor)].start : 0, backwards);
  if (at < 0) return false;
  if (suggestions.suggestionAt(at) >= 0) {
    editor_.selectSuggestion(suggestions.suggestionAt(at));
    return true;
  }
  editor_.selectSpan(suggestions.goldAt(at));
  return true;
}

bool EditorInteraction::showToolTip(const QHelpEvent& help) {
  const int i = spanAtPoint(help.pos());
  const int k = suggestionAtPoint(help.pos());
  QWidget* viewport = editor_.viewport();
  if (k >= 0) {
    const text::ScoredSpan s = editor_.suggestion(k);
    const TextRange r = editor_.suggestions_.range(k);
    const QString what = s.fromPattern() ? SpanEditor::tr("Pattern match %1 from %2: “%3”")
                                               .arg(QString::fromStdString(s.span.label),
                                                    editor_.patternName(s.pattern),
                                                    editor_.text().mid(r.start, r.end - r.start))
                                         : SpanEditor::tr("Suggestion %1 (score %2): “%3”")
                                               .arg(QString::fromStdString(s.span.label))
                                               .arg(s.score, 0, 'f', 2)
                                               .arg(editor_.text().mid(r.start, r.end - r.start));
    QToolTip::showText(help.globalPos(),
                       what + SpanEditor::tr("\nClick to select; then Space accepts it, a label "
                                             "key accepts it with that label, Delete rejects it."),
                       viewport);
  } else if (i >= 0) {
    QToolTip::showText(help.globalPos(),
                       SpanEditor::tr("%1: “%2”\nClick to select; then a label key relabels "
                                      "it, Delete removes it.")
                           .arg(editor_.spanLabel(i), editor_.spanText(i)),
                       viewport);
  } else {
    QToolTip::hideText();
    return false;
  }
  return true;
}

void EditorInteraction::applyLabel(const QString& label) {
  if (editor_.selectedSuggestion_ >= 0) {
    requestSuggestion(true, label);
    return;
  }
  const EditorSelection& selection = editor_.selection_;
  const int selected = selection.selectedSpan();
  if (selected >= 0) {
    const PaintSpan& span = editor_.doc_.spans()[size_t(selected)];
    if (span.label == label) return;
    editor_.pendingSelect_ = span.range;
    emit editor_.spanRelabelRequested(editor_.span(selected), label);
  } else if (selection.hasRange()) {
    editor_.pendingSelect_ = selection.range();
    emit editor_.spanAddRequested(editor_.doc_.toSpan(selection.range(), label));
  } else {
    emit editor_.messageRequested(
        SpanEditor::tr("Select some text first: drag over it, double-click a word, or "
                       "move to it with the arrow keys."));
  }
}

void EditorInteraction::removeSelectedSpan() {
  if (editor_.selectedSuggestion_ >= 0) {
    requestSuggestion(false, {});
    return;
  }
  const int selected = editor_.selection_.selectedSpan();
  if (selected < 0) {
    emit editor_.messageRequested(SpanEditor::tr("Select a span first: click it, or press Tab."));
    return;
  }
  emit editor_.spanRemoveRequested(editor_.span(selected));
}

void EditorInteraction::labelAllOccurrences(bool ignoreCase) {
  const int selected = editor_.selection_.selectedSpan();
  if (selected < 0 || editor_.selectedSuggestion_ >= 0) {
    emit editor_.messageRequested(SpanEditor::tr(
        "Select a labelled span first (click it, or press Tab): its other occurrences get its "
        "label."));
    return;
  }
  emit editor_.labelAllRequested(editor_.span(selected), ignoreCase);
}

void EditorInteraction::contextMenu(const QContextMenuEvent& event) {
  if (editor_.layout_.text().isEmpty()) return;
  QPoint at;
  EditorSelection& selection = editor_.selection_;
  if (event.reason() == QContextMenuEvent::Mouse) {
    // The menu acts on what was clicked: a suggestion or a span is selected
    // first; on plain text outside the selection, the word clicked is.
    const int suggestion = suggestionAtPoint(event.pos());
    const int span = spanAtPoint(event.pos());  // viewport coordinates
    const int cp = editor_.layout_.hitTest(toContent(QPointF(event.pos())), true);
    if (suggestion >= 0) {
      editor_.selectSuggestion(suggestion);
    } else if (span >= 0) {
      if (span != selection.selectedSpan()) editor_.selectSpan(span);
    } else if (!selection.hasRange() || cp < selection.range().start ||
               cp >= selection.range().end) {
      editor_.selectedSuggestion_ = -1;
      const int token = selection.tokenAt(cp);
      if (token >= 0)
        selection.moveCursor(token, false);
      else if (selection.selectedSpan() >= 0)
        editor_.clearSelection();
      editor_.viewport()->update();
      emit editor_.selectionChanged();
    }
    at = event.globalPos();
  } else {
    // From the keyboard (the editor's coordinates): below the selected span
    // when it is in view.
    at = editor_.mapToGlobal(event.pos());
    const QVector<QRectF> rects = editor_.spanRects(selection.selectedSpan());
    if (!rects.isEmpty() && editor_.viewport()->rect().intersects(rects.front().toRect()))
      at = editor_.viewport()->mapToGlobal(rects.front().bottomLeft().toPoint());
  }
  QMenu menu(&editor_);
  fillContextMenu(menu);
  menu.exec(at);
}

void EditorInteraction::fillContextMenu(QMenu& menu) {
  const bool onSuggestion = editor_.selectedSuggestion_ >= 0;
  const int span = editor_.selection_.selectedSpan();
  const bool onText = editor_.selection_.hasRange();
  // Labels as doccano, Label Studio and INCEpTION offer them where one clicks,
  // each with its key.
  auto addLabels = [&](QMenu* to, const QString& current) {
    for (const auto& [name, key] : editor_.doc_.labels()) {
      QAction* a = to->addAction(key.isEmpty() ? name : QStringLiteral("%1\t%2").arg(name, key));
      a->setEnabled(name != current);
      QObject::connect(a, &QAction::triggered, &editor_,
                       [this, label = name] { applyLabel(label); });
    }
    if (editor_.doc_.labels().empty())
      to->addAction(SpanEditor::tr("(no labels yet)"))->setEnabled(false);
  };
  if (onSuggestion) {
    const text::ScoredSpan s = editor_.suggestions_.suggestion(editor_.selectedSuggestion_);
    const QString label = QString::fromStdString(s.span.label);
    QObject::connect(menu.addAction(SpanEditor::tr("&Accept as %1\tSpace").arg(label)),
                     &QAction::triggered, &editor_, [this] { requestSuggestion(true, {}); });
    addLabels(menu.addMenu(SpanEditor::tr("Accept &With Label")), label);
    QObject::connect(menu.addAction(SpanEditor::tr("&Reject\tDel")), &QAction::triggered, &editor_,
                     [this] { requestSuggestion(false, {}); });
    return;
  }
  if (span >= 0) {
    addLabels(menu.addMenu(SpanEditor::tr("Change &Label")),
              editor_.doc_.spans()[size_t(span)].label);
    QObject::connect(menu.addAction(SpanEditor::tr("&Remove Span\tDel")), &QAction::triggered,
                     &editor_, [this] { removeSelectedSpan(); });
    menu.addSeparator();
    menu.addAction(editor_.labelAll_);
    menu.addAction(editor_.labelAllIgnoringCase_);
  } else if (onText) {
    addLabels(menu.addMenu(SpanEditor::tr("&Label As")), {});
  } else {
    menu.addAction(SpanEditor::tr("Select text to label it"))->setEnabled(false);
  }
}

void EditorInteraction::requestSuggestion(bool accept, const QString& label) {
  const int selected = editor_.selectedSuggestion_;
  if (selected < 0) {
    emit editor_.messageRequested(
        SpanEditor::tr("Select a suggestion first: click it, or press Tab."));
    return;
  }
  const text::ScoredSpan s = editor_.suggestions_.suggestion(selected);
  editor_.advanceFrom_ = editor_.suggestions_.range(selected).start;
  if (accept)
    emit editor_.suggestionAcceptRequested(
        s, label.isEmpty() ? QString::fromStdString(s.span.label) : label);
  else
    emit editor_.suggestionRejectRequested(s);
}

}  // namespace spanforge::ui
