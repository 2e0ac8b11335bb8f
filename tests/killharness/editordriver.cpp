#include "editordriver.h"

#include "documents/documentbrowser.h"
#include "editor/spaneditor.h"
#include "shell/mainwindow.h"

#include <QApplication>
#include <QTest>

#include <algorithm>

namespace spanforge::killharness {

EditorDriver::EditorDriver(ui::MainWindow& window) : window_(window) {}

ui::SpanEditor* EditorDriver::editor() const { return window_.editor(); }

int64_t EditorDriver::documentId() const { return editor()->documentId(); }

bool EditorDriver::open(int64_t id) {
  if (!window_.browser()->selectDocument(id)) return false;
  focus();
  return editor()->documentId() == id;
}

void EditorDriver::focus() {
  if (QApplication::activeWindow() != &window_) {
    window_.activateWindow();
    (void)QTest::qWaitForWindowActive(&window_);  // offscreen: best effort
  }
  if (QApplication::focusWidget() != editor()) editor()->setFocus(Qt::OtherFocusReason);
}

bool EditorDriver::pointAt(int64_t cp, double fraction, QPoint& out) const {
  const QRectF r = editor()->characterRect(cp);
  if (r.isNull() || r.isEmpty()) return false;
  out = QPointF(r.left() + r.width() * fraction, r.center().y()).toPoint();
  return editor()->viewport()->rect().contains(out);
}

bool EditorDriver::doubleClick(int64_t cp) {
  QPoint p;
  if (!pointAt(cp, 0.5, p)) return false;
  QWidget* vp = editor()->viewport();
  // The sequence a real double-click produces.
  QTest::mousePress(vp, Qt::LeftButton, {}, p);
  QTest::mouseRelease(vp, Qt::LeftButton, {}, p);
  QTest::mouseDClick(vp, Qt::LeftButton, {}, p);
  QTest::mouseRelease(vp, Qt::LeftButton, {}, p);
  return true;
}

bool EditorDriver::drag(int64_t fromCp, int64_t toCp, bool exact) {
  QPoint from, to;
  if (!pointAt(fromCp, 0.3, from) || !pointAt(toCp, 0.7, to)) return false;
  QWidget* vp = editor()->viewport();
  const Qt::KeyboardModifiers mods = exact ? Qt::AltModifier : Qt::NoModifier;
  QTest::mousePress(vp, Qt::LeftButton, mods, from);
  QTest::mouseMove(vp, (from + to) / 2);
  QTest::mouseMove(vp, to);
  QTest::mouseRelease(vp, Qt::LeftButton, mods, to);
  return true;
}

bool EditorDriver::click(const QPoint& p) {
  if (!editor()->viewport()->rect().contains(p)) return false;
  QTest::mouseClick(editor()->viewport(), Qt::LeftButton, {}, p);
  return true;
}

bool EditorDriver::clickSpan(int i) {
  const QVector<QRectF> rects = editor()->spanRects(i);
  return !rects.isEmpty() && click(rects.front().center().toPoint());
}

bool EditorDriver::clickSuggestion(int i) {
  const QVector<QRectF> rects = editor()->suggestionRects(i);
  return !rects.isEmpty() && click(rects.front().center().toPoint());
}

void EditorDriver::key(Qt::Key key, Qt::KeyboardModifiers mods) {
  focus();
  QTest::keyClick(editor(), key, mods);
}

void EditorDriver::type(char c) {
  focus();
  QTest::keyClick(editor(), c);
}

void EditorDriver::keys(QKeySequence::StandardKey key) {
  focus();
  QTest::keySequence(editor(), QKeySequence(key));
}

std::vector<text::Span> EditorDriver::shownSpans() const {
  std::vector<text::Span> spans;
  for (int i = 0; i < editor()->spanCount(); ++i) spans.push_back(editor()->span(i));
  std::sort(spans.begin(), spans.end());
  return spans;
}

}  // namespace spanforge::killharness
