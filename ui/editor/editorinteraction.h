#pragma once

#include "editor/editorkeyboard.h"

#include <QPointF>
#include <QString>

class QContextMenuEvent;
class QMenu;
class QHelpEvent;
class QKeyEvent;
class QMouseEvent;

namespace spanforge::ui {

class SpanEditor;

// What a person does in the span editor: mouse gestures, hover and tooltips,
// keys, and the label / remove / accept / reject commands (also reached from
// the editor's slots). They become moves of the editor's selection and the
// editor's request signals. The editor owns the document, spans, suggestions
// and selection and paints them; this class holds only the state of a
// gesture in progress. It is part of the editor's implementation, hence a
// friend of it.
class EditorInteraction {
 public:
  explicit EditorInteraction(SpanEditor& editor);

  // The layer entry (gold span or suggestion) under the mouse, or -1.
  int hoverSpan() const { return hoverSpan_; }
  void clearHover() { hoverSpan_ = -1; }

  // false: not the editor's event; the widget's base class handles it.
  bool mousePress(const QMouseEvent& event);
  void mouseMove(const QMouseEvent& event);
  bool mouseRelease(const QMouseEvent& event);
  void mouseDoubleClick(const QMouseEvent& event);
  bool keyPress(const QKeyEvent& event);
  // false: nothing under the point (the tooltip is hidden).
  bool showToolTip(const QHelpEvent& event);
  // The context menu: a right click on a gold span selects it first.
  void contextMenu(const QContextMenuEvent& event);
  // What the context menu offers for the selection: a suggestion's accept,
  // labels and reject; a span's labels and remove; labels for selected text.
  void fillContextMenu(QMenu& menu);

  // Labels the selection, or relabels the selected span, or accepts the
  // selected suggestion with that label.
  void applyLabel(const QString& label);
  void removeSelectedSpan();
  // Asks to label every other occurrence of the selected gold span.
  void labelAllOccurrences(bool ignoreCase);
  // An empty label accepts a suggestion with its own label.
  void requestSuggestion(bool accept, const QString& label);

 private:
  QPointF toContent(const QPointF& viewportPos) const;
  int layerAtPoint(const QPointF& viewportPos) const;  // gold span or suggestion
  int spanAtPoint(const QPointF& viewportPos) const;
  int suggestionAtPoint(const QPointF& viewportPos) const;
  bool stepThroughLayer(bool backwards);

  SpanEditor& editor_;
  EditorKeyboard keyboard_;

  // Mouse gesture in progress.
  QPointF pressPoint_;
  int pressPos_ = -1;
  int pressSpan_ = -1;
  int pressSuggestion_ = -1;
  bool pressAlt_ = false;
  bool dragging_ = false;
  bool doubleClicked_ = false;
  int hoverSpan_ = -1;  // layer index
};

}  // namespace spanforge::ui
