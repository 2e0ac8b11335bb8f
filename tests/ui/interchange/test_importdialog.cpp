// File > Import: the dialog's worker thread imports into its own connection;
// a refused file lists its problems and leaves the project unchanged; a good
// import refreshes the window.
#include "documents/documentlistmodel.h"
#include "editor/editorharness.h"
#include "interchange/exportdialog.h"
#include "interchange/importdialog.h"
#include "interchange/inputerrorsdialog.h"
#include "session/annotationsession.h"
#include "shell/statusbarcounts.h"

#include "catchapi.h"

#include <QAction>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QTableWidget>
#include <QTest>
#include <QTimer>

#include <fstream>

using spanforge::testing::EditorHarness;
using spanforge::testing::waitFor;
using spanforge::ui::ImportDialog;
namespace store = spanforge::store;

namespace {
QString writeFile(const EditorHarness& h, const std::string& name, const std::string& content) {
  const std::string path = h.dir().file(name);
  std::ofstream(path) << content;
  return QString::fromStdString(path);
}

int64_t storedCount(const EditorHarness& h) {
  return store::ProjectStore::open(h.path())->documents().count({});
}

QPushButton* button(QWidget* dialog, const QString& text) {
  for (QPushButton* b : dialog->findChildren<QPushButton*>())
    if (b->text() == text) return b;
  return nullptr;
}

const char* const kGood =
    "{\"text\": \"Bob flew to Oslo.\", \"spans\": [{\"start\": 0, \"end\": 3, \"label\": "
    "\"PER\"}]}\n"
    "{\"text\": \"Nothing to see here.\"}\n";
}  // namespace

TEST_CASE("Import dialog: a refused file lists its problems and changes nothing") {
  EditorHarness h;
  const QString bad = writeFile(h, "bad.jsonl",
                                std::string(kGood) +
                                    "{\"text\": \"Too short\", \"spans\": [{\"start\": 4, \"end\": "
                                    "40, \"label\": \"PER\"}]}\n");
  ImportDialog dialog(QString::fromStdString(h.path()), &h.window());
  dialog.show();
  // Idle, the empty bar looked like a field to type in (issue #66): not shown.
  CHECK_FALSE(dialog.progressBar()->isVisible());
  dialog.setFiles({bad});
  QSignalSpy finished(&dialog, &ImportDialog::jobFinished);
  QSignalSpy imported(&dialog, &ImportDialog::imported);
  button(&dialog, QStringLiteral("Import"))->click();
  CHECK(dialog.isRunning());
  CHECK(dialog.progressBar()->isVisible());
  REQUIRE(finished.wait(20000));
  CHECK_FALSE(dialog.progressBar()->isVisible());  // refused: nothing to show
  CHECK_FALSE(finished.front().front().toBool());
  CHECK(imported.isEmpty());
  CHECK(dialog.stateText().contains(QStringLiteral("unchanged")));

  spanforge::ui::InputErrorsDialog* errors = dialog.errorsDialog();
  REQUIRE(errors);
  CHECK(errors->isVisible());
  QTableWidget* table = errors->table();
  REQUIRE(table->rowCount() >= 1);
  CHECK(table->item(0, 0)->text() == QStringLiteral("bad.jsonl"));
  CHECK(table->item(0, 1)->text() == QStringLiteral("3"));
  CHECK(table->item(0, 2)->text().contains(QStringLiteral("spans")));
  CHECK_FALSE(table->item(0, 3)->text().isEmpty());
  CHECK(storedCount(h) == 12);
  errors->close();
}

TEST_CASE("Import dialog: labels the project lacks are offered to add, in the app's words") {
  EditorHarness h;  // labels PER, ORG, LOC
  const QString file =
      writeFile(h, "new-labels.jsonl",
                "{\"text\": \"Ada wrote Python.\", \"spans\": [{\"start\": 10, \"end\": 16, "
                "\"label\": \"LANG\"}]}\n");
  ImportDialog dialog(QString::fromStdString(h.path()), &h.window());
  dialog.show();
  dialog.setFiles({file});
  QSignalSpy finished(&dialog, &ImportDialog::jobFinished);
  button(&dialog, QStringLiteral("Import"))->click();
  REQUIRE(finished.wait(20000));
  CHECK_FALSE(finished.front().front().toBool());
  CHECK(dialog.stateText().contains(QStringLiteral("LANG")));
  CHECK_FALSE(dialog.stateText().contains(QStringLiteral("--")));  // no CLI syntax
  REQUIRE(dialog.errorsDialog());
  dialog.errorsDialog()->close();
  QPushButton* fix = button(&dialog, QStringLiteral("Add the Missing Labels and Import"));
  REQUIRE(fix);
  REQUIRE(fix->isVisible());
  QTest::mouseClick(fix, Qt::LeftButton);
  REQUIRE((finished.size() == 2 || finished.wait(20000)));
  CHECK(finished.back().front().toBool());
  CHECK(storedCount(h) == 13);
  CHECK(store::ProjectStore::open(h.path())->labels().find("LANG"));
  CHECK_FALSE(fix->isVisible());
}

TEST_CASE("Import through File > Import refreshes the browser and the counts") {
  EditorHarness h;
  const QString good = writeFile(h, "good.jsonl", kGood);
  QAction* action = nullptr;
  for (QAction* a : h.window().menuBar()->findChildren<QAction*>())
    if (a->text() == QStringLiteral("&Import Documents…")) action = a;
  REQUIRE(action);
  bool committed = false;
  QTimer::singleShot(0, [&] {
    // CHECK, not REQUIRE: an exception must not cross the dialog's event loop.
    auto* dialog = qobject_cast<ImportDialog*>(QApplication::activeModalWidget());
    CHECK(dialog);
    if (!dialog) {
      if (QWidget* other = QApplication::activeModalWidget()) other->close();
      return;
    }
    dialog->setFiles({good});
    QSignalSpy finished(dialog, &ImportDialog::jobFinished);
    button(dialog, QStringLiteral("Import"))->click();
    const bool done = finished.wait(20000);
    CHECK(done);
    committed = done && finished.front().front().toBool();
    dialog->reject();
  });
  action->trigger();
  CHECK(committed);
  CHECK(storedCount(h) == 14);
  CHECK(h.window().browser()->model()->totalCount() == 14);
  CHECK(h.window().statusCounts()->plainText().startsWith(QStringLiteral("14 documents")));
}

TEST_CASE("Import dialog drops the result of a job it gave up on") {
  EditorHarness h;
  const QString good = writeFile(h, "good.jsonl", kGood);
  ImportDialog dialog(QString::fromStdString(h.path()), &h.window());
  dialog.setFiles({good});
  QSignalSpy finished(&dialog, &ImportDialog::jobFinished);
  dialog.start();
  dialog.cancel();  // job 1 abandoned at once
  CHECK_FALSE(dialog.isRunning());
  dialog.start();  // job 2
  REQUIRE(finished.wait(20000));
  QTest::qWait(50);
  CHECK(finished.size() == 1);  // job 1's result never reached the dialog
  CHECK(storedCount(h) == 14);
}

TEST_CASE("Export dialog writes the accepted documents on its worker") {
  EditorHarness h;
  const QString out = QString::fromStdString(h.dir().file("out.jsonl"));
  spanforge::ui::ExportDialog dialog(QString::fromStdString(h.path()), 3, 12, &h.window());
  dialog.setOutputPath(out);
  QSignalSpy finished(&dialog, &spanforge::ui::ExportDialog::jobFinished);
  dialog.start();
  REQUIRE(finished.wait(20000));
  CHECK(finished.front().front().toBool());
  CHECK(dialog.stateText().contains(QStringLiteral("Wrote 3 documents")));
  std::ifstream in(out.toStdString());
  int lines = 0;
  for (std::string line; std::getline(in, line);) ++lines;
  CHECK(lines == 3);
}

// Issue #65: the file dialog offers the open project too; importing it into
// itself read the project while writing it.
TEST_CASE("Import dialog: the project itself is refused as a file to import") {
  EditorHarness h;
  ImportDialog dialog(QString::fromStdString(h.path()), &h.window());
  dialog.show();
  dialog.setFiles({QString::fromStdString(h.path())});
  QSignalSpy finished(&dialog, &ImportDialog::jobFinished);
  button(&dialog, QStringLiteral("Import"))->click();
  REQUIRE(finished.wait(20000));
  CHECK_FALSE(finished.front().front().toBool());
  CHECK(dialog.stateText().contains(QStringLiteral("unchanged")));
  spanforge::ui::InputErrorsDialog* errors = dialog.errorsDialog();
  REQUIRE(errors);
  REQUIRE(errors->table()->rowCount() >= 1);
  CHECK(errors->table()->item(0, 3)->text().contains(
      QStringLiteral("same file as the file to import")));
  CHECK(storedCount(h) == 12);
  errors->close();
}
