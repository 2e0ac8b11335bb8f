// The label manager dialog on a real project: rename in place, recolour,
// set a key, delete with confirmation; changes reach the editor, label bar
// and browser at once and are undoable (delete restores the spans).
#include "editor/editorharness.h"
#include "editor/labellegend.h"
#include "session/annotationsession.h"
#include "shell/labelmanagerdialog.h"

#include "catchapi.h"

#include <QColorDialog>
#include <QComboBox>
#include <QCoreApplication>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QTableWidget>
#include <QTimer>

#include <functional>

using spanforge::testing::EditorHarness;
using spanforge::testing::waitFor;
using spanforge::ui::LabelManagerDialog;
namespace text = spanforge::text;
namespace store = spanforge::store;

namespace {
// Runs fn on the next modal dialog of type T once it is shown.
template <typename T>
void onNextModal(std::function<void(T*)> fn, int attempts = 300) {
  QTimer::singleShot(10, [fn, attempts] {
    if (auto* w = qobject_cast<T*>(QApplication::activeModalWidget()))
      fn(w);
    else if (attempts > 0)
      onNextModal<T>(fn, attempts - 1);
  });
}

void editCell(QTableWidget* table, int row, int column, const QString& text) {
  QTableWidgetItem* item = table->item(row, column);
  table->setCurrentItem(item);
  table->editItem(item);
  // On a loaded machine the cell's editor may get the focus a moment later
  // (the dialog's own "new label" field is a QLineEdit too).
  const auto cellEditor = [table] {
    auto* e = qobject_cast<QLineEdit*>(QApplication::focusWidget());
    return e != nullptr && table->viewport()->isAncestorOf(e) ? e : nullptr;
  };
  (void)QTest::qWaitFor([&] { return cellEditor() != nullptr; }, 5000);
  QLineEdit* editor = cellEditor();
  REQUIRE(editor);
  editor->selectAll();
  QTest::keyClicks(editor, text);
  QTest::keyClick(editor, Qt::Key_Return);
  // The table rebuilds after the edit, a queued call: deliver it now rather
  // than hope it runs within a fixed wait (it did not under ASan).
  (void)QTest::qWaitFor([&] { return cellEditor() == nullptr; }, 5000);
  QCoreApplication::sendPostedEvents();
}

std::optional<store::Label> find(const EditorHarness& h, const std::string& name) {
  for (const store::Label& l : h.labels())
    if (l.name == name) return l;
  return std::nullopt;
}
}  // namespace

TEST_CASE("Label manager renames, recolours, sets keys and deletes, all undoable") {
  EditorHarness h;
  h.open(3);
  LabelManagerDialog dialog(*h.window().session(), &h.window());
  dialog.show();
  REQUIRE(QTest::qWaitForWindowExposed(&dialog));
  QTableWidget* table = dialog.table();
  REQUIRE(table->rowCount() == 3);
  CHECK(table->item(dialog.rowOf(QStringLiteral("PER")), 2)->text() == QStringLiteral("12"));
  // Issue #66: it opened as if the first name were being edited. The new
  // label field has the keyboard; a key typed in the table edits nothing.
  CHECK(dialog.newNameEdit()->hasFocus());
  CHECK_FALSE(table->editTriggers().testFlag(QAbstractItemView::AnyKeyPressed));

  SECTION("rename in place; undo") {
    editCell(table, dialog.rowOf(QStringLiteral("PER")), 0, QStringLiteral("PERSON"));
    CHECK(find(h, "PERSON"));
    CHECK(h.spans(3).front().label == "PERSON");
    // Everywhere at once: the editor, the label bar and the browser filter.
    CHECK(h.editor()->spanLabel(0) == QStringLiteral("PERSON"));
    CHECK(h.window().labelLegend()->labelName(0) == QStringLiteral("PERSON"));
    CHECK(h.window().browser()->labelCombo()->findData(QStringLiteral("PERSON")) > 0);
    CHECK(dialog.rowOf(QStringLiteral("PERSON")) >= 0);
    // A clash is refused, explained, and the cell springs back.
    editCell(table, dialog.rowOf(QStringLiteral("PERSON")), 0, QStringLiteral("LOC"));
    CHECK(dialog.messageText().contains(QStringLiteral("already exists")));
    CHECK(table->item(dialog.rowOf(QStringLiteral("PERSON")), 0)->text() ==
          QStringLiteral("PERSON"));
    h.window().undoAction()->trigger();
    CHECK(find(h, "PER"));
    CHECK(h.spans(3).front().label == "PER");
    CHECK(dialog.rowOf(QStringLiteral("PER")) >= 0);
  }

  SECTION("set a key in place") {
    editCell(table, dialog.rowOf(QStringLiteral("ORG")), 1, QStringLiteral("o"));
    CHECK(find(h, "ORG")->hotkey == "o");
    h.doubleClick(h.at(14));
    h.type('o');
    CHECK(h.spans(3).at(1) == text::Span{13, 16, "ORG"});
  }

  SECTION("recolour through the colour dialog; undo") {
    table->selectRow(dialog.rowOf(QStringLiteral("LOC")));
    onNextModal<QColorDialog>([](QColorDialog* d) {
      d->setCurrentColor(QColor(QStringLiteral("#aa5500")));
      d->accept();
    });
    dialog.colorButton()->click();
    CHECK(find(h, "LOC")->color == "#aa5500");
    h.window().undoAction()->trigger();
    CHECK(find(h, "LOC")->color == "#4363d8");
  }

  SECTION("delete after confirming; undo restores every span") {
    table->selectRow(dialog.rowOf(QStringLiteral("PER")));
    QString question;
    // First time: cancel. Nothing changes.
    onNextModal<QMessageBox>([&](QMessageBox* box) {
      question = box->text();
      box->button(QMessageBox::Cancel)->click();
    });
    dialog.deleteButton()->click();
    CHECK(question.contains(QStringLiteral("12 spans in 12 documents")));
    CHECK(find(h, "PER"));

    onNextModal<QMessageBox>([](QMessageBox* box) {
      for (QAbstractButton* b : box->buttons())
        if (box->buttonRole(b) == QMessageBox::DestructiveRole) b->click();
    });
    dialog.deleteButton()->click();
    CHECK_FALSE(find(h, "PER"));
    CHECK(h.spans(1).empty());
    CHECK(h.spans(3) == std::vector<text::Span>{{25, 30, "LOC"}});
    CHECK(table->rowCount() == 2);
    CHECK(h.window().labelLegend()->labelCount() == 2);

    // The dialog's own Undo button.
    auto* undo = dialog.findChild<QPushButton*>();
    for (QPushButton* b : dialog.findChildren<QPushButton*>())
      if (b->text() == QStringLiteral("Undo")) undo = b;
    REQUIRE(undo->isEnabled());
    undo->click();
    CHECK(find(h, "PER"));
    for (int64_t id = 1; id <= 12; ++id) {
      const int64_t base = id < 10 ? 7 : 8;  // "Doc 1: " / "Doc 10: "
      CHECK(h.spans(id).front() == text::Span{base, base + 5, "PER"});
    }
    CHECK(h.editor()->spanCount() == 2);
    CHECK(table->rowCount() == 3);
  }

  SECTION("add") {
    QTest::keyClicks(dialog.newNameEdit(), QStringLiteral("EVENT"));
    dialog.addButton()->click();
    const auto added = find(h, "EVENT");
    REQUIRE(added);
    CHECK(added->hotkey == "4");  // the next free key
    CHECK(table->rowCount() == 4);
    CHECK(h.window().labelLegend()->labelCount() == 4);
  }
}
