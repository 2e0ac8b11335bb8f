// The data checks' "Fix What Can Be Fixed", driven from the window: Check
// Data finds a span with a trailing space and an empty document, the button
// appears, the question says what will change, Fix writes it, the checks run
// again, and Edit > Undo puts everything back.
#include "session/annotationsession.h"
#include "shell/mainwindow.h"
#include "shotsdir.h"
#include "store/projectstore.h"
#include "testdocument.h"
#include "training/setup/datacheckview.h"
#include "training/setup/trainingsetup.h"
#include "training/trainingpanel.h"
#include "training/trainingtestproject.h"
#include "uitestproject.h"

#include "catchapi.h"

#include <QAction>
#include <QApplication>
#include <QMenuBar>
#include <QMessageBox>
#include <QPushButton>
#include <QTest>
#include <QTimer>
#include <QTreeWidget>

using spanforge::testing::makeSettings;
using spanforge::testing::makeTrainingProject;
using spanforge::testing::TempDir;
using spanforge::testing::testDocument;
using spanforge::testing::waitFor;
using spanforge::ui::DataCheckView;
using spanforge::ui::MainWindow;
using spanforge::ui::TrainingSetup;
namespace store = spanforge::store;
namespace text = spanforge::text;

namespace {

// Clicks the button named `answer` in the next message box, keeping its text.
void answerMessageBox(const QString& answer, QString* seen, int attempts = 300) {
  QTimer::singleShot(10, [=] {
    auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
    if (!box) {
      if (attempts > 0) answerMessageBox(answer, seen, attempts - 1);
      return;
    }
    *seen = box->text();
    for (QAbstractButton* b : box->buttons())
      if (b->text() == answer) return QTest::mouseClick(b, Qt::LeftButton);
    box->reject();
  });
}

bool treeMentions(QTreeWidget* tree, const QString& text) {
  for (int i = 0; i < tree->topLevelItemCount(); ++i)
    if (tree->topLevelItem(i)->text(0).contains(text)) return true;
  return false;
}

}  // namespace

TEST_CASE("Data checks: Fix What Can Be Fixed trims spans, sets empty documents aside, undoes") {
  TempDir dir;
  const std::string path = dir.file("fix.spanforge");
  makeTrainingProject(dir, path, 60);
  int64_t spaced = 0, empty = 0;
  std::string label;
  {
    auto p = store::ProjectStore::open(path);
    label = p->labels().all().front().name;
    spaced = p->documents()
                 .add(testDocument("Ann Lee ran", {{"Ann", 0, 3}, {"Lee", 4, 7}, {"ran", 8, 11}},
                                   {{0, 4, label}}))
                 .id;
    empty = p->documents().add(testDocument("  ", {}, {})).id;
  }
  auto settings = makeSettings(dir);
  MainWindow window(*settings);
  window.resize(1280, 800);
  window.show();
  REQUIRE(QTest::qWaitForWindowExposed(&window));
  REQUIRE(window.openProject(QString::fromStdString(path)));
  window.setWorkspace(spanforge::ui::Workspace::Train);
  TrainingSetup* setup = window.trainingPanel()->setup();
  DataCheckView* checks = setup->checks();
  CHECK_FALSE(checks->fixButton()->isVisible());

  QTest::mouseClick(setup->checkButton(), Qt::LeftButton);
  REQUIRE(waitFor([&] { return checks->fixButton()->isVisible(); }, 30000));
  CHECK(treeMentions(checks->tree(), QStringLiteral("1 span(s) with leading or trailing")));
  CHECK(treeMentions(checks->tree(), QStringLiteral("1 empty document(s)")));
  if (qEnvironmentVariableIsSet("SPANFORGE_SCREENSHOTS"))
    window.grab().save(spanforge::testing::shotsDir() + "/train-setup-datafix-1280x800.png");

  // Cancel changes nothing.
  QString question;
  answerMessageBox(QStringLiteral("Cancel"), &question);
  QTest::mouseClick(checks->fixButton(), Qt::LeftButton);
  CHECK(question.contains(QStringLiteral("Trim white space from 1 span")));
  CHECK(question.contains(QStringLiteral("set 1 empty document to ignored")));
  CHECK(question.contains(QStringLiteral("2 accepted document(s)")));
  CHECK(question.contains(QStringLiteral("Undo")));
  store::ProjectStore& project = window.session()->project();
  CHECK(project.documents().get(spaced)->doc.spans.front().end == 4);

  answerMessageBox(QStringLiteral("Fix"), &question);
  QTest::mouseClick(checks->fixButton(), Qt::LeftButton);
  CHECK(project.documents().get(spaced)->doc.spans.front().end == 3);
  CHECK(project.documents().get(empty)->doc.status == text::DocStatus::Ignored);
  const auto ignored = [&] {
    const auto& counts = window.session()->statusCounts();
    const auto it = counts.find(text::DocStatus::Ignored);
    return it == counts.end() ? int64_t{0} : it->second;
  };
  CHECK(ignored() == 1);  // the status bar's counts follow
  // The checks ran again: nothing left to fix.
  REQUIRE(waitFor([&] { return setup->state() == TrainingSetup::State::Idle; }, 30000));
  CHECK_FALSE(checks->fixButton()->isVisible());
  CHECK(treeMentions(checks->tree(), QStringLiteral("no spans with leading or trailing")));

  // Edit > Undo (Ctrl+Z), as for any edit.
  QAction* undo = nullptr;
  for (QAction* a : window.findChildren<QAction*>())
    if (a->shortcut() == QKeySequence(QKeySequence::Undo)) undo = a;
  REQUIRE(undo);
  CHECK(undo->text().contains(QStringLiteral("Fix data")));
  undo->trigger();
  CHECK(project.documents().get(spaced)->doc.spans.front().end == 4);
  CHECK(project.documents().get(empty)->doc.status == text::DocStatus::Accepted);
  CHECK(ignored() == 0);
}
