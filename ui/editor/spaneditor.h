#pragma once

#include "editor/documentlayout.h"
#include "editor/editordocument.h"
#include "editor/editorinteraction.h"
#include "editor/editorselection.h"
#include "editor/editorsuggestions.h"
#include "editor/spanpainter.h"
#include "store/records.h"
#include "text/document.h"

#include <QAbstractScrollArea>
#include <QMap>

#include <cstdint>
#include <vector>

class QAction;

namespace spanforge::ui {

// The span editor: one document's text with its gold spans painted as
// overlays at draw time (never written into the text), and every way to
// select and label.
//
// Mouse: a drag selects and snaps to token boundaries, previewing the snapped
// range while the button is held; Alt makes it character-exact. A double-click
// selects a token, a click on a span selects it (focus ring).
// Keyboard: Left/Right select the previous/next token, Up/Down the token on
// the line above/below, Home/End the line's first/last token (Ctrl: the
// document's), Shift extends; Tab/Shift+Tab select the next/previous span;
// a label's hotkey labels the selection or relabels the selected span;
// Delete/Backspace remove the selected span; Escape clears the selection.
// Alt+O (Alt+Shift+O: ignoring case) asks to label every other occurrence of
// the selected span; so does its context menu (a right click on a span).
//
// Suggestions: a model's predictions are drawn dashed with their score, apart
// from the gold spans. A click or Tab selects one; then Space accepts it, a
// label key accepts it with that label, Delete rejects it.
//
// The editor changes nothing itself: it asks through signals (offsets in code
// points, as in the core) and shows what it is given back with setSpans()
// and setSuggestions(). What mouse, keys and commands do is EditorInteraction;
// this class holds the state, lays it out, scrolls and paints it.
class SpanEditor : public QAbstractScrollArea {
  Q_OBJECT

 public:
  static constexpr qreal kMargin = DocumentLayout::kMargin;
  static constexpr qreal kSpanPadX = SpanPainter::kPadX;
  // The narrowest text the editor allows, in average characters.
  static constexpr int kMinColumns = 60;

  explicit SpanEditor(QWidget* parent = nullptr);
  ~SpanEditor() override;

  // Label colours and hotkeys; spans of unknown labels are grey.
  void setLabels(const std::vector<store::Label>& labels);
  void setDocument(int64_t id, const text::Document& doc);
  // New spans for the open document; scroll position and selection stay.
  void setSpans(const std::vector<text::Span>& spans);
  void clearDocument();
  void setPlaceholderText(const QString& text);
  QString placeholderText() const { return placeholder_; }

  int64_t documentId() const { return id_; }
  const QString& text() const { return layout_.text(); }
  int spanCount() const { return static_cast<int>(doc_.spans().size()); }
  QString spanLabel(int i) const;
  QString spanText(int i) const;
  text::Span span(int i) const;  // code points
  // Where span i sits: its boxes (one per line) and its label tag, in
  // viewport coordinates (what paintEvent draws).
  QVector<QRectF> spanRects(int i) const;
  QRectF tagRect(int i) const;
  // The box of the character at code point cp, in viewport coordinates.
  QRectF characterRect(int64_t cp) const;

  // The pending selection in code points (empty label), if any.
  bool hasSelection() const { return selection_.hasRange(); }
  text::Span selection() const;
  QString selectedText() const;
  int selectedSpan() const { return selection_.selectedSpan(); }
  void selectSpan(int i);
  const DocumentLayout& documentLayout() const { return layout_; }
  // Selects the gold span with exactly these offsets (code points), else the
  // tokens they cover, and scrolls to it.
  void selectRange(const text::Span& span);

  // A model's suggestions for document `documentId` (code points); shown
  // while that document is open, hidden where they overlap a gold span.
  void setSuggestions(int64_t documentId, const std::vector<text::ScoredSpan>& suggestions);
  int suggestionCount() const { return suggestions_.count(); }  // shown ones
  // Where each pattern suggestion comes from, by pattern id, for tooltips
  // ("pattern set “companies”, line 3").
  void setPatternNames(const QMap<qint64, QString>& names) { patternNames_ = names; }
  QString patternName(qint64 pattern) const { return patternNames_.value(pattern); }
  text::ScoredSpan suggestion(int i) const;
  QVector<QRectF> suggestionRects(int i) const;  // viewport coordinates
  QRectF suggestionTagRect(int i) const;
  int selectedSuggestion() const { return selectedSuggestion_; }
  void selectSuggestion(int i);

  // Label All Occurrences (exact, and ignoring case): in the context menu and
  // on their keys; enabled while a gold span is selected.
  QAction* labelAllAction() const { return labelAll_; }
  QAction* labelAllIgnoringCaseAction() const { return labelAllIgnoringCase_; }

  QSize sizeHint() const override;
  QSize minimumSizeHint() const override;
  // The width the text wraps at (the viewport less the margins).
  int textWidth() const;

 public slots:
  // Labels the selection, or relabels the selected span.
  void applyLabel(const QString& label);
  void removeSelectedSpan();
  void clearSelection();
  void acceptSelectedSuggestion();
  void rejectSelectedSuggestion();
  // Asks to label every other occurrence of the selected span.
  void labelAllOccurrences(bool ignoreCase);

 signals:
  void spanAddRequested(const spanforge::text::Span& span);
  void spanRemoveRequested(const spanforge::text::Span& span);
  void spanRelabelRequested(const spanforge::text::Span& span, const QString& label);
  // label: what the suggestion becomes (its own label, or another).
  void suggestionAcceptRequested(const spanforge::text::ScoredSpan& suggestion,
                                 const QString& label);
  void suggestionRejectRequested(const spanforge::text::ScoredSpan& suggestion);
  void labelAllRequested(const spanforge::text::Span& span, bool ignoreCase);
  void selectionChanged();
  void messageRequested(const QString& message);
  void helpRequested();

 protected:
  void paintEvent(QPaintEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  void changeEvent(QEvent* event) override;
  bool viewportEvent(QEvent* event) override;
  void mousePressEvent(QMouseEvent* event) override;
  void mouseMoveEvent(QMouseEvent* event) override;
  void mouseReleaseEvent(QMouseEvent* event) override;
  void mouseDoubleClickEvent(QMouseEvent* event) override;
  void keyPressEvent(QKeyEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;
  bool focusNextPrevChild(bool next) override;
  void focusInEvent(QFocusEvent* event) override;

 private:
  friend class EditorInteraction;

  QFont tagFont() const;
  qreal scrollY() const;
  void refreshLayer(const text::Span& kept);
  void relayout();
  void updateScrollBar();
  void ensureVisible(const TextRange& r);
  void selectionMoved();
  void updateActions();

  // Laid out lazily, also from const queries (positions of spans, tests).
  mutable DocumentLayout layout_;
  SpanPainter painter_;
  EditorSelection selection_;
  EditorDocument doc_;
  EditorSuggestions suggestions_;  // and the layer painted: gold plus suggestions
  QMap<qint64, QString> patternNames_;
  int selectedSuggestion_ = -1;
  int advanceFrom_ = -1;  // after accepting or rejecting: select the next one from here
  int64_t id_ = 0;
  QString placeholder_;
  // Set when asking for a span, so it is selected once it comes back.
  TextRange pendingSelect_;
  QAction* labelAll_;
  QAction* labelAllIgnoringCase_;
  EditorInteraction interaction_;  // last: it refers to the members above
};

}  // namespace spanforge::ui
