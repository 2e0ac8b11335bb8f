// Labelling with the mouse on a real main window: drag, Alt+drag,
// double-click, label keys and label-bar chips, span selection, overlap.
#include "editor/editorharness.h"
#include "editor/labellegend.h"

#include "catchapi.h"

using spanforge::testing::EditorHarness;
namespace text = spanforge::text;

namespace {
// Document 1 reads "Doc 1: Alice met Acme in Paris." with PER on "Alice"
// [7, 12); "Acme" is [17, 21), "in" [22, 24), "Paris" [25, 30).
const text::Span kMouseAlice{7, 12, "PER"};
}  // namespace

TEST_CASE("Dragging from mid-token to mid-token selects whole tokens, previewed live") {
  EditorHarness h;
  h.open(1);
  QString preview;
  // From inside the "c" of "Acme" to inside the "a" of "Paris".
  h.drag(h.at(18), h.at(26), {}, [&] { preview = h.editor()->selectedText(); });
  CHECK(preview == QStringLiteral("Acme in Paris"));  // snapped while the button is down
  CHECK(h.editor()->selectedText() == QStringLiteral("Acme in Paris"));
  h.type('2');  // ORG
  const std::vector<text::Span> expected{kMouseAlice, {17, 30, "ORG"}};
  CHECK(h.spans(1) == expected);
  CHECK(h.message().startsWith(QStringLiteral("Saved")));
  // The browser row shows the new span count.
  const QModelIndex row = h.window().browser()->model()->index(0);
  CHECK(row.data(spanforge::ui::DocumentListModel::SpanCountRole).toLongLong() == 2);
  // The new span is selected (focus ring) and shown.
  REQUIRE(h.editor()->spanCount() == 2);
  CHECK(h.editor()->selectedSpan() == 1);
  CHECK(h.editor()->spanText(1) == QStringLiteral("Acme in Paris"));
}

TEST_CASE("A backwards drag snaps the same way") {
  EditorHarness h;
  h.open(1);
  h.drag(h.at(28), h.at(23));  // from inside "Paris" back into "in"
  CHECK(h.editor()->selectedText() == QStringLiteral("in Paris"));
}

TEST_CASE("Alt+drag selects exact characters") {
  EditorHarness h;
  h.open(1);
  // From the left edge of "c" to the left edge of "e" in "Acme": "cm".
  h.drag(h.at(18, 0.1), h.at(20, 0.1), Qt::AltModifier);
  CHECK(h.editor()->selectedText() == QStringLiteral("cm"));
  h.type('2');
  const std::vector<text::Span> expected{kMouseAlice, {18, 20, "ORG"}};
  CHECK(h.spans(1) == expected);
}

TEST_CASE("Double-click selects a token and a label key labels it") {
  EditorHarness h;
  h.open(1);
  h.doubleClick(h.at(14));  // "met"
  CHECK(h.editor()->selectedText() == QStringLiteral("met"));
  h.type('3');  // LOC
  const std::vector<text::Span> expected{kMouseAlice, {13, 16, "LOC"}};
  CHECK(h.spans(1) == expected);

  // A key no label has changes nothing and says so.
  h.doubleClick(h.at(18));
  h.type('z');
  CHECK(h.message().contains(QStringLiteral("No label has the key Z")));
  CHECK(h.spans(1) == expected);
}

TEST_CASE("Clicking a label chip labels the selection") {
  EditorHarness h;
  h.open(1);
  h.doubleClick(h.at(26));  // "Paris"
  spanforge::ui::LabelLegend* legend = h.window().labelLegend();
  REQUIRE(legend->labelName(2) == QStringLiteral("LOC"));
  QTest::mouseClick(legend, Qt::LeftButton, {}, legend->chipRect(2).center().toPoint());
  const std::vector<text::Span> expected{kMouseAlice, {25, 30, "LOC"}};
  CHECK(h.spans(1) == expected);
}

TEST_CASE("Overlapping spans are refused with a message and nothing stored") {
  EditorHarness h;
  h.open(1);
  const auto before = h.stored(1);
  h.drag(h.at(9), h.at(14));  // "Alice met": overlaps PER "Alice"
  REQUIRE(h.editor()->selectedText() == QStringLiteral("Alice met"));
  h.type('2');
  CHECK(h.message().contains(QStringLiteral("overlaps")));
  CHECK(h.message().contains(QStringLiteral("PER")));
  CHECK(h.spans(1) == before.doc.spans);
  CHECK(h.stored(1).updatedAt == before.updatedAt);
  CHECK(h.editor()->spanCount() == 1);
}

TEST_CASE("Clicking a span selects it, Delete removes it, a label key relabels it") {
  EditorHarness h;
  h.open(3);  // PER "Alice" and LOC "Paris"
  REQUIRE(h.editor()->spanCount() == 2);
  h.click(h.at(9));
  CHECK(h.editor()->selectedSpan() == 0);
  CHECK_FALSE(h.editor()->hasSelection());
  h.type('2');  // relabel as ORG
  const std::vector<text::Span> relabelled{{7, 12, "ORG"}, {25, 30, "LOC"}};
  CHECK(h.spans(3) == relabelled);
  CHECK(h.editor()->selectedSpan() == 0);  // still selected after the change

  // Clicking the tag above a span selects it too.
  const QRectF tag = h.editor()->tagRect(1);
  REQUIRE_FALSE(tag.isNull());
  h.click(tag.center().toPoint());
  CHECK(h.editor()->selectedSpan() == 1);
  h.key(Qt::Key_Delete);
  const std::vector<text::Span> deleted{{7, 12, "ORG"}};
  CHECK(h.spans(3) == deleted);
  CHECK(h.editor()->spanCount() == 1);
  CHECK(h.editor()->selectedSpan() == -1);

  // Backspace removes too; with nothing selected it only explains.
  h.click(h.at(8));
  h.key(Qt::Key_Backspace);
  CHECK(h.spans(3).empty());
  h.key(Qt::Key_Backspace);
  CHECK(h.message().contains(QStringLiteral("Select a span first")));
}

TEST_CASE("A click on plain text places the cursor without selecting") {
  EditorHarness h;
  h.open(1);
  h.click(h.at(14));
  CHECK_FALSE(h.editor()->hasSelection());
  CHECK(h.editor()->selectedSpan() == -1);
  h.type('2');
  CHECK(h.message().contains(QStringLiteral("Select some text first")));
  CHECK(h.spans(1).size() == 1);
  // Escape clears a selection.
  h.doubleClick(h.at(14));
  REQUIRE(h.editor()->hasSelection());
  h.key(Qt::Key_Escape);
  CHECK_FALSE(h.editor()->hasSelection());
}
