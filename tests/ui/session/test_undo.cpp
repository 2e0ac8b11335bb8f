// Undo and redo of every command kind through Edit > Undo / Redo, checked in
// the store; undoing a change in another document switches to it.
#include "editor/editorharness.h"
#include "editor/labellegend.h"
#include "session/annotationsession.h"

#include "catchapi.h"

#include <QAction>
#include <QComboBox>
#include <QUndoStack>

using spanforge::testing::EditorHarness;
namespace text = spanforge::text;
namespace store = spanforge::store;

namespace {
const text::Span kUndoAlice{7, 12, "PER"};

void undo(EditorHarness& h) {
  REQUIRE(h.window().undoAction()->isEnabled());
  h.window().undoAction()->trigger();
}
void redo(EditorHarness& h) {
  REQUIRE(h.window().redoAction()->isEnabled());
  h.window().redoAction()->trigger();
}
}  // namespace

TEST_CASE("Undo and redo adding, removing and relabelling spans") {
  EditorHarness h;
  h.open(1);
  const std::vector<text::Span> original{kUndoAlice};
  const std::vector<text::Span> added{kUndoAlice, {17, 21, "ORG"}};

  h.doubleClick(h.at(18));
  h.type('2');
  REQUIRE(h.spans(1) == added);
  CHECK(h.window().undoAction()->text().contains(QStringLiteral("Acme")));
  undo(h);
  CHECK(h.spans(1) == original);
  CHECK(h.editor()->spanCount() == 1);
  CHECK(h.message().startsWith(QStringLiteral("Undone")));
  redo(h);
  CHECK(h.spans(1) == added);
  CHECK(h.editor()->spanCount() == 2);

  h.click(h.at(8));  // select PER "Alice"
  h.type('3');
  CHECK(h.spans(1).front() == text::Span{7, 12, "LOC"});
  undo(h);
  CHECK(h.spans(1).front() == kUndoAlice);
  redo(h);
  CHECK(h.spans(1).front() == text::Span{7, 12, "LOC"});

  h.click(h.at(8));
  h.key(Qt::Key_Delete);
  CHECK(h.spans(1).size() == 1);
  undo(h);
  CHECK(h.spans(1).front() == text::Span{7, 12, "LOC"});
  CHECK(h.editor()->spanCount() == 2);
  redo(h);
  CHECK(h.spans(1).size() == 1);

  // Undo everything: back to the original, step by step.
  for (int i = 0; i < 3; ++i) undo(h);
  CHECK(h.spans(1) == original);
  CHECK_FALSE(h.window().undoAction()->isEnabled());
  // Ctrl+Z (QKeySequence::Undo) works from the editor.
  redo(h);
  QTest::keySequence(h.editor(), QKeySequence::Undo);
  CHECK(h.spans(1) == original);
}

TEST_CASE("Undo of a status change, across documents") {
  EditorHarness h;
  h.open(1);
  h.doubleClick(h.at(18));
  h.type('2');            // span in document 1
  h.open(4);              // unlabelled
  h.key(Qt::Key_Return);  // accept 4, go to 5
  REQUIRE(h.status(4) == text::DocStatus::Accepted);
  REQUIRE(h.editor()->documentId() == 5);

  undo(h);  // the status of document 4: switches back to it
  CHECK(h.status(4) == text::DocStatus::Unlabelled);
  CHECK(h.editor()->documentId() == 4);
  CHECK(h.window().browser()->currentDocumentId() == 4);
  undo(h);  // the span in document 1: switches to document 1
  CHECK(h.editor()->documentId() == 1);
  CHECK(h.spans(1) == std::vector<text::Span>{kUndoAlice});
  redo(h);
  CHECK(h.spans(1).size() == 2);
  redo(h);
  CHECK(h.editor()->documentId() == 4);
  CHECK(h.status(4) == text::DocStatus::Accepted);
}

TEST_CASE("Undo reaches a document the browser's filter hides") {
  EditorHarness h;
  h.open(2);
  h.doubleClick(h.at(18));
  h.type('2');
  // Show only accepted documents: 2 (rejected) is not in the list any more.
  QComboBox* status = h.window().browser()->statusCombo();
  status->setCurrentIndex(status->findData(int(text::DocStatus::Accepted)));
  REQUIRE(h.window().browser()->model()->rowOfId(2) < 0);
  h.open(5);
  undo(h);
  CHECK(h.editor()->documentId() == 2);
  CHECK(h.spans(2) == std::vector<text::Span>{kUndoAlice});
}

TEST_CASE("Undo and redo of label commands through the session") {
  EditorHarness h;
  h.open(3);
  spanforge::ui::AnnotationSession* s = h.window().session();
  auto label = [&](const std::string& name) -> std::optional<store::Label> {
    for (const store::Label& l : h.labels())
      if (l.name == name) return l;
    return std::nullopt;
  };

  REQUIRE(s->addLabel("MISC", "#123456", "m"));
  CHECK(label("MISC")->hotkey == "m");
  CHECK(h.window().labelLegend()->labelCount() == 4);
  undo(h);
  CHECK_FALSE(label("MISC"));
  CHECK(h.window().labelLegend()->labelCount() == 3);
  redo(h);
  CHECK(label("MISC")->color == "#123456");

  REQUIRE(s->renameLabel("PER", "PERSON"));
  CHECK(h.spans(3).front().label == "PERSON");
  CHECK(h.editor()->spanLabel(0) == QStringLiteral("PERSON"));
  undo(h);
  CHECK(h.spans(3).front().label == "PER");
  CHECK(h.editor()->spanLabel(0) == QStringLiteral("PER"));

  REQUIRE(s->setLabelColor("LOC", "#00ff00"));
  CHECK(label("LOC")->color == "#00ff00");
  undo(h);
  CHECK(label("LOC")->color == "#4363d8");

  REQUIRE(s->setLabelHotkey("LOC", "L"));
  CHECK(label("LOC")->hotkey == "l");
  h.doubleClick(h.at(14));
  h.type('l');  // the new key labels at once
  CHECK(h.spans(3).size() == 3);
  undo(h);  // the span
  undo(h);  // the hotkey
  CHECK(label("LOC")->hotkey == "3");

  // Refused changes leave no undo step and say why.
  const int steps = s->undoStack()->count();
  CHECK_FALSE(s->renameLabel("ORG", "LOC"));
  CHECK(s->lastError().contains(QStringLiteral("already exists")));
  CHECK(s->undoStack()->count() == steps);
  CHECK_FALSE(s->setLabelHotkey("ORG", "1"));
  CHECK(s->undoStack()->count() == steps);

  // Delete takes the spans along; undo brings label and spans back.
  const size_t perDocs = 12;
  REQUIRE(s->removeLabel("PER"));
  CHECK_FALSE(label("PER"));
  CHECK(h.spans(3) == std::vector<text::Span>{{25, 30, "LOC"}});
  CHECK(h.editor()->spanCount() == 1);
  undo(h);
  REQUIRE(label("PER"));
  CHECK(label("PER")->hotkey == "1");
  CHECK(label("PER")->color == "#e6194b");
  for (size_t id = 1; id <= perDocs; ++id) {
    const auto got = h.spans(int64_t(id));
    INFO("document " << id << ": " << got.size() << " spans, first " << got.front().start << "-"
                     << got.front().end << " " << got.front().label);
    const int64_t base = id < 10 ? 7 : 8;  // "Doc 1: " / "Doc 10: "
    CHECK(got.front() == text::Span{base, base + 5, "PER"});
  }
  CHECK(h.editor()->spanCount() == 2);
  redo(h);
  CHECK(h.spans(1).empty());
}
