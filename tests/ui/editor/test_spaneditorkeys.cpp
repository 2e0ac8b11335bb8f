// The keyboard-only workflow: token cursor, Shift to extend, label keys, Tab
// between spans, and the document keys (accept / reject / ignore and next,
// skip, previous), on a real main window.
#include "documents/documentlistmodel.h"
#include "editor/editorharness.h"
#include "editor/editorpane.h"
#include "editor/helpoverlay.h"

#include "catchapi.h"

#include <QComboBox>
#include <QListView>

using spanforge::testing::EditorHarness;
using spanforge::testing::waitFor;
namespace text = spanforge::text;

namespace {
const text::Span kAlice{7, 12, "PER"};
}

TEST_CASE("Arrows move a token cursor, Shift+arrows extend, a key labels") {
  EditorHarness h;
  h.open(1);  // Doc 1: Alice met Acme in Paris.
  h.key(Qt::Key_Right);
  CHECK(h.editor()->selectedText() == QStringLiteral("Doc"));
  h.key(Qt::Key_End, Qt::ControlModifier);
  CHECK(h.editor()->selectedText() == QStringLiteral("."));
  h.key(Qt::Key_Home, Qt::ControlModifier);
  CHECK(h.editor()->selectedText() == QStringLiteral("Doc"));
  // Doc, 1, :, then the PER span is selected as a whole.
  for (int i = 0; i < 3; ++i) h.key(Qt::Key_Right);
  CHECK(h.editor()->selectedSpan() == 0);
  CHECK_FALSE(h.editor()->hasSelection());
  h.key(Qt::Key_Right);
  CHECK(h.editor()->selectedText() == QStringLiteral("met"));
  h.key(Qt::Key_Right);
  CHECK(h.editor()->selectedText() == QStringLiteral("Acme"));
  h.key(Qt::Key_Right, Qt::ShiftModifier);
  h.key(Qt::Key_Right, Qt::ShiftModifier);
  CHECK(h.editor()->selectedText() == QStringLiteral("Acme in Paris"));
  h.key(Qt::Key_Left, Qt::ShiftModifier);
  CHECK(h.editor()->selectedText() == QStringLiteral("Acme in"));
  h.type('2');
  const std::vector<text::Span> expected{kAlice, {17, 24, "ORG"}};
  CHECK(h.spans(1) == expected);
  // Left from the new (selected) span goes to the token before it.
  h.key(Qt::Key_Left);
  CHECK(h.editor()->selectedText() == QStringLiteral("met"));
  h.key(Qt::Key_Left);
  CHECK(h.editor()->selectedSpan() == 0);
  h.type('3');  // relabel PER -> LOC from the keyboard
  CHECK(h.spans(1).front() == text::Span{7, 12, "LOC"});
}

TEST_CASE("Tab and Shift+Tab move between spans") {
  EditorHarness h;
  h.open(3);  // PER "Alice", LOC "Paris"
  h.key(Qt::Key_Tab);
  CHECK(h.editor()->selectedSpan() == 0);
  h.key(Qt::Key_Tab);
  CHECK(h.editor()->selectedSpan() == 1);
  h.key(Qt::Key_Tab);
  CHECK(h.editor()->selectedSpan() == 0);  // wraps around
  h.key(Qt::Key_Backtab, Qt::ShiftModifier);
  CHECK(h.editor()->selectedSpan() == 1);
  CHECK(QApplication::focusWidget() == h.editor());  // Tab never left the editor
  h.key(Qt::Key_Delete);
  const std::vector<text::Span> expected{kAlice};
  CHECK(h.spans(3) == expected);
}

TEST_CASE("Enter accepts the document and opens the next one") {
  EditorHarness h;
  h.open(2);  // rejected
  h.key(Qt::Key_Return);
  CHECK(h.status(2) == text::DocStatus::Accepted);
  CHECK(h.editor()->documentId() == 3);
  CHECK(h.window().browser()->currentDocumentId() == 3);
  // The list row and the counts follow.
  const QModelIndex row2 = h.window().browser()->model()->index(1);
  CHECK(row2.data(spanforge::ui::DocumentListModel::StatusRole).toInt() ==
        int(text::DocStatus::Accepted));
  CHECK(h.window().statusCounts()->plainText().contains(QStringLiteral("accepted 4")));
  CHECK(QApplication::focusWidget() == h.editor());
  h.key(Qt::Key_Enter);  // the keypad's Enter too
  CHECK(h.status(3) == text::DocStatus::Accepted);
  CHECK(h.editor()->documentId() == 4);
}

TEST_CASE("Accept-and-next follows the browser's filter") {
  EditorHarness h(20);
  // Only unlabelled documents: 4, 8, 12, 16, 20.
  QComboBox* status = h.window().browser()->statusCombo();
  status->setCurrentIndex(status->findData(int(text::DocStatus::Unlabelled)));
  REQUIRE(h.window().browser()->model()->idAt(0) == 4);
  h.open(4);
  h.key(Qt::Key_Return);
  CHECK(h.status(4) == text::DocStatus::Accepted);
  CHECK(h.editor()->documentId() == 8);
}

TEST_CASE("Alt+R rejects, Alt+I ignores, Alt+U unmarks, Alt+Right/Left move without changes") {
  EditorHarness h;
  h.open(4);  // unlabelled
  h.key(Qt::Key_R, Qt::AltModifier);
  CHECK(h.status(4) == text::DocStatus::Rejected);
  CHECK(h.editor()->documentId() == 5);
  h.key(Qt::Key_I, Qt::AltModifier);
  CHECK(h.status(5) == text::DocStatus::Ignored);
  CHECK(h.editor()->documentId() == 6);
  const auto before = h.stored(6);
  h.key(Qt::Key_Right, Qt::AltModifier);  // skip
  CHECK(h.editor()->documentId() == 7);
  CHECK(h.status(6) == before.doc.status);
  CHECK(h.stored(6).updatedAt == before.updatedAt);
  h.key(Qt::Key_Left, Qt::AltModifier);
  CHECK(h.editor()->documentId() == 6);
  h.key(Qt::Key_U, Qt::AltModifier);
  CHECK(h.status(6) == text::DocStatus::Unlabelled);
  CHECK(h.editor()->documentId() == 6);  // marking unlabelled stays
  // The end of the list says so and stays.
  h.open(12);
  h.key(Qt::Key_Right, Qt::AltModifier);
  CHECK(h.editor()->documentId() == 12);
  CHECK(h.message().contains(QStringLiteral("last document")));
}

TEST_CASE("F1 and ? show the key help and any key closes it") {
  EditorHarness h;
  h.open(1);
  spanforge::ui::HelpOverlay* help = h.window().editorPane()->help();
  CHECK_FALSE(help->isVisible());
  h.key(Qt::Key_F1);
  CHECK(help->isVisible());
  QTest::keyClick(QApplication::focusWidget(), Qt::Key_Space);
  CHECK_FALSE(help->isVisible());
  CHECK(QApplication::focusWidget() == h.editor());
  h.key(Qt::Key_Question, Qt::ShiftModifier);
  CHECK(help->isVisible());
  h.key(Qt::Key_F1);
  CHECK_FALSE(help->isVisible());
}

// Issue #66: focus traps. Tabbing into the editor selected nothing, so Space
// said "Select a span first"; a click below the text put the cursor on the
// last word, so Tab went to the last span instead of the first.
TEST_CASE(
    "Editor keys: tabbing in selects the first span, a click below the text starts at the top") {
  EditorHarness h(3);
  h.open(3);  // "Doc 3: Alice met Acme in Paris." with Alice (PER) and Paris (LOC)
  REQUIRE(h.editor()->spanCount() == 2);
  h.editor()->clearFocus();
  h.editor()->setFocus(Qt::TabFocusReason);
  REQUIRE(h.editor()->hasFocus());
  CHECK(h.editor()->selectedSpan() == 0);
  h.editor()->clearFocus();
  h.editor()->setFocus(Qt::BacktabFocusReason);
  CHECK(h.editor()->selectedSpan() == 0);  // a selection is kept, not moved

  const QPoint below(h.editor()->viewport()->width() / 2, h.editor()->viewport()->height() - 4);
  h.click(below);
  CHECK(h.editor()->selectedSpan() < 0);
  h.key(Qt::Key_Tab);
  CHECK(h.editor()->selectedSpan() == 0);
}
