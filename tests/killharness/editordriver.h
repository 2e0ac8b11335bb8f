#pragma once

#include "text/span.h"

#include <QKeySequence>
#include <Qt>

#include <cstdint>
#include <vector>

class QPoint;

namespace spanforge::ui {
class MainWindow;
class SpanEditor;
}  // namespace spanforge::ui

namespace spanforge::killharness {

// Real mouse and key events (QTest) on the main window's span editor, as a
// person would send them; nothing here writes to the project directly.
class EditorDriver {
 public:
  explicit EditorDriver(ui::MainWindow& window);

  ui::SpanEditor* editor() const;
  int64_t documentId() const;
  // Selects the document in the browser (as a click on its row would).
  bool open(int64_t id);
  // Gives the editor the keyboard focus again (a dialog or dock may take it).
  void focus();

  // False when the character is not laid out (nothing was sent).
  bool doubleClick(int64_t cp);
  bool drag(int64_t fromCp, int64_t toCp, bool exact);
  bool clickSpan(int i);
  bool clickSuggestion(int i);
  void key(Qt::Key key, Qt::KeyboardModifiers mods = Qt::NoModifier);
  void type(char c);
  // The key sequence the platform binds to a standard action (undo, redo).
  void keys(QKeySequence::StandardKey key);

  // The gold spans the editor shows (code points, sorted).
  std::vector<text::Span> shownSpans() const;

 private:
  bool click(const QPoint& p);
  bool pointAt(int64_t cp, double fraction, QPoint& out) const;

  ui::MainWindow& window_;
};

}  // namespace spanforge::killharness
