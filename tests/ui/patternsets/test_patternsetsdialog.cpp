// Labels > Patterns and Term Lists on a real project: import a patterns file
// and a term list in the background, apply them to the pool, see per-pattern
// figures, switch a set off, export and remove; both item models pass
// QAbstractItemModelTester.
#include "editor/editorharness.h"
#include "patternsets/patternsetmodel.h"
#include "patternsets/patternsetsdialog.h"
#include "patternsets/patternstatsmodel.h"
#include "session/annotationsession.h"
#include "shotsdir.h"
#include "slurp.h"
#include "store/projectstore.h"

#include "catchapi.h"

#include <QAbstractItemModelTester>
#include <QApplication>
#include <QMessageBox>
#include <QPushButton>
#include <QTableView>
#include <QTimer>

#include <fstream>

using spanforge::testing::EditorHarness;
using spanforge::testing::waitFor;
using spanforge::ui::PatternSetModel;
using spanforge::ui::PatternSetsDialog;
using spanforge::ui::PatternStatsModel;
namespace store = spanforge::store;

namespace {

std::string write(const EditorHarness& h, const std::string& name, const std::string& content) {
  std::ofstream(h.dir().file(name), std::ios::binary) << content;
  return h.dir().file(name);
}

const char* kPatterns =
    "{\"label\": \"ORG\", \"pattern\": \"Acme\"}\n"
    "{\"label\": \"LOC\", \"pattern\": [{\"LOWER\": \"paris\"}]}\n"
    "{\"label\": \"LOC\", \"pattern\": [{\"LOWER\": \"zebra\"}]}\n";

void importAll(EditorHarness& h, PatternSetsDialog& dialog) {
  dialog.importPatterns(QString::fromStdString(write(h, "people.jsonl", kPatterns)));
  REQUIRE(waitFor([&] { return !dialog.busy(); }, 10000));
  INFO(dialog.messageText().toStdString());
  REQUIRE(dialog.messageText().contains(QStringLiteral("Stored \"people.jsonl\": 3 patterns")));
  dialog.importTerms(QString::fromStdString(write(h, "names.txt", "alice\n")),
                     QStringLiteral("PER"), true);
  REQUIRE(waitFor([&] { return !dialog.busy(); }, 10000));
  REQUIRE(dialog.setModel()->rowCount() == 2);
  // The set just imported is the one selected, its patterns shown (issue #66).
  CHECK(dialog.setsView()->currentIndex().row() == 1);
  CHECK(dialog.statsModel()->rowCount() == 1);
}

}  // namespace

TEST_CASE("Pattern sets: import, apply, per-pattern figures, switch off, export, remove") {
  EditorHarness h;
  PatternSetsDialog dialog(*h.window().session(), &h.window());
  QAbstractItemModelTester setTester(dialog.setModel(),
                                     QAbstractItemModelTester::FailureReportingMode::Fatal);
  QAbstractItemModelTester statsTester(dialog.statsModel(),
                                       QAbstractItemModelTester::FailureReportingMode::Fatal);
  dialog.show();
  REQUIRE(QTest::qWaitForWindowExposed(&dialog));
  CHECK_FALSE(dialog.applyButton()->isEnabled());  // nothing to apply yet
  importAll(h, dialog);
  CHECK(dialog.setModel()->data(dialog.setModel()->index(1, PatternSetModel::Kind)).toString() ==
        QStringLiteral("Term list: PER, any case"));

  QTest::mouseClick(dialog.applyButton(), Qt::LeftButton);
  REQUIRE(waitFor([&] { return !dialog.busy(); }, 10000));
  // Three of the twelve documents are unlabelled: Acme and Paris in each.
  CHECK(dialog.messageText().contains(
      QStringLiteral("Matched 3 unlabelled documents: 9 suggestions")));
  dialog.setsView()->selectRow(0);
  const PatternStatsModel* stats = dialog.statsModel();
  REQUIRE(stats->rowCount() == 3);
  CHECK(stats->row(0).counts.matches == 3);
  CHECK(stats->data(stats->index(2, PatternStatsModel::Matches)).toString() == QStringLiteral("0"));
  CHECK(stats->data(stats->index(0, PatternStatsModel::Precision)).toString() ==
        QStringLiteral("–"));

  // Switching the patterns file off hides its suggestions; on shows them again.
  auto& repo = h.window().session()->project().patterns();
  const QModelIndex name = dialog.setModel()->index(0, PatternSetModel::Name);
  CHECK(dialog.setModel()->setData(name, Qt::Unchecked, Qt::CheckStateRole));
  CHECK_FALSE(repo.sets().at(0).enabled);
  CHECK(repo.matches(4).size() == 1);  // only the term list's "Alice"
  dialog.setModel()->setData(dialog.setModel()->index(0, PatternSetModel::Name), Qt::Checked,
                             Qt::CheckStateRole);
  CHECK(repo.matches(4).size() == 3);

  dialog.setsView()->selectRow(1);
  const std::string exported = h.dir().file("out.jsonl");
  dialog.exportSelected(QString::fromStdString(exported), true);
  REQUIRE(waitFor([&] { return !dialog.busy(); }, 10000));
  CHECK(spanforge::testing::slurp(exported) == "{\"label\":\"PER\",\"pattern\":\"alice\"}\n");
  // The file dialog offers the open project too: never written over (issue #65).
  const std::string before = spanforge::testing::slurp(h.path());
  dialog.exportSelected(QString::fromStdString(h.path()), true);
  REQUIRE(waitFor([&] { return !dialog.busy(); }, 10000));
  CHECK(dialog.messageText().contains(QStringLiteral("is the same file as the project")));
  CHECK(spanforge::testing::slurp(h.path()) == before);

  QTimer::singleShot(50, [] {
    if (auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget()))
      box->button(QMessageBox::Yes)->click();
  });
  dialog.removeSelected();
  CHECK(dialog.setModel()->rowCount() == 1);
  CHECK(repo.matches(4).size() == 2);
}

TEST_CASE("A pattern file with a fault is refused, saying where, and nothing is stored") {
  EditorHarness h;
  PatternSetsDialog dialog(*h.window().session(), &h.window());
  dialog.importPatterns(QString::fromStdString(
      write(h, "bad.jsonl", "{\"label\": \"ORG\", \"pattern\": [{\"LOWR\": \"x\"}]}\n")));
  REQUIRE(waitFor([&] { return !dialog.busy(); }, 10000));
  CHECK(dialog.messageText().contains(QStringLiteral("bad.jsonl:1: pattern[0].LOWR")));
  CHECK(dialog.setModel()->rowCount() == 0);
}

TEST_CASE("Pattern sets dialog screenshot", "[.screenshots]") {
  EditorHarness h;
  PatternSetsDialog dialog(*h.window().session(), &h.window());
  dialog.show();
  REQUIRE(QTest::qWaitForWindowExposed(&dialog));
  importAll(h, dialog);
  dialog.applyToPool();
  REQUIRE(waitFor([&] { return !dialog.busy(); }, 10000));
  dialog.setsView()->selectRow(0);
  dialog.resize(900, 560);
  QApplication::processEvents();
  REQUIRE(dialog.grab().save(spanforge::testing::shotsDir() + "/pattern-sets-dialog.png"));
}
