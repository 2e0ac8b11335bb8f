#include "editor/editorkeyboard.h"

#include "editor/documentlayout.h"
#include "editor/editorselection.h"

#include <QKeyEvent>

#include <algorithm>

namespace spanforge::ui {

EditorKeyboard::Result EditorKeyboard::navigate(const QKeyEvent& event) {
  const bool shift = event.modifiers() & Qt::ShiftModifier;
  const bool ctrl = event.modifiers() & Qt::ControlModifier;
  if (event.modifiers() & (Qt::AltModifier | Qt::MetaModifier)) return Result::Ignored;
  const int last = static_cast<int>(selection_.tokens().size()) - 1;
  switch (event.key()) {
    case Qt::Key_Left:
    case Qt::Key_Right:
      selection_.step(event.key() == Qt::Key_Left ? -1 : 1, shift);
      return Result::Moved;
    case Qt::Key_Up:
    case Qt::Key_Down:
      if (!moveVertically(event.key() == Qt::Key_Up ? -1 : 1, shift))
        selection_.step(event.key() == Qt::Key_Up ? -1 : 1, shift);
      return Result::Moved;
    case Qt::Key_Home:
    case Qt::Key_End:
      if (ctrl || !moveInLine(event.key() == Qt::Key_End, shift))
        selection_.moveCursor(event.key() == Qt::Key_Home ? 0 : last, shift);
      return Result::Moved;
    case Qt::Key_Tab:
    case Qt::Key_Backtab: {
      const int next = selection_.adjacentSpan(event.key() == Qt::Key_Backtab || shift);
      if (next < 0) return Result::NoSpans;
      selection_.selectSpan(next);
      return Result::Moved;
    }
    case Qt::Key_Escape:
      selection_.clear();
      return Result::Moved;
    default:
      return Result::Ignored;
  }
}

bool EditorKeyboard::moveVertically(int direction, bool extend) {
  const int cursor = selection_.cursor();
  if (cursor < 0) return false;
  const TextRange token = selection_.tokens()[size_t(cursor)];
  const QVector<QRectF> rects = layout_.rangeRects(token.start, token.end);
  if (rects.isEmpty()) return false;
  // Aim at the middle of the line above or below, under the token's centre.
  const QRectF line = layout_.lineRect(token.start);
  const qreal y = direction < 0 ? line.top() - layout_.tagBand() - 2
                                : line.bottom() + DocumentLayout::kLineGap + layout_.tagBand() + 2;
  if (y < 0 || y > layout_.height()) return false;
  const int pos = layout_.hitTest(QPointF(rects.front().center().x(), y), true);
  const int target = selection_.tokenNear(pos);
  if (target == cursor) return false;
  selection_.moveCursor(target, extend);
  return true;
}

bool EditorKeyboard::moveInLine(bool toEnd, bool extend) {
  const int cursor = selection_.cursor();
  if (cursor < 0) return false;
  const QRectF line = layout_.lineRect(selection_.tokens()[size_t(cursor)].start);
  const int pos =
      layout_.hitTest(QPointF(toEnd ? line.right() : line.left(), line.center().y()), true);
  int target = selection_.tokenNear(pos);
  // At the end, the token after a trailing space belongs to the next line.
  if (toEnd && selection_.tokens()[size_t(target)].start > pos) --target;
  selection_.moveCursor(std::max(target, 0), extend);
  return true;
}

}  // namespace spanforge::ui
