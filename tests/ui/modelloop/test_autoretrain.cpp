// Retraining as people label: with Train > Retrain Automatically on and N = 2,
// accepting two documents (Enter in the editor) trains a stored run in the
// background, makes its model current and ranks the pool with it; two more
// start a second run: from random weights by default, or continuing from the
// first run's model with Start Each Round From Scratch unticked.
#include "active/strategy.h"
#include "documents/documentbrowser.h"
#include "editor/spaneditor.h"
#include "modelloop/autoretrainer.h"
#include "modelloop/modelloop.h"
#include "modelloop/modelloopproject.h"
#include "modelloop/rankingcontroller.h"
#include "modelloop/suggestioncontroller.h"
#include "shell/mainwindow.h"
#include "store/rankingrepository.h"
#include "train/package/modelpackage.h"
#include "training/setup/trainingsetup.h"
#include "training/trainingpanel.h"
#include "training/trainingtestproject.h"
#include "uitestproject.h"

#include "catchapi.h"

#include <QApplication>
#include <QInputDialog>
#include <QMenu>
#include <QMenuBar>
#include <QSettings>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

#include <memory>
#include <vector>

using namespace spanforge;
using namespace spanforge::ui;
using spanforge::testing::makeSettings;
using spanforge::testing::makeTrainingProject;
using spanforge::testing::TempDir;
using spanforge::testing::tinyTrainingConfig;
using spanforge::testing::waitFor;

namespace {

// An action as the menus show it (not necessarily owned by a menu).
QAction* menuAction(MainWindow& w, const QString& text) {
  for (QAction* top : w.menuBar()->actions())
    if (QMenu* menu = top->menu())
      for (QAction* a : menu->actions())
        if (a->text() == text) return a;
  return nullptr;
}

// Unlabelled documents to accept, in the style of the training data.
std::vector<int64_t> addPool(const std::string& path, int n) {
  auto project = store::ProjectStore::open(path);
  std::vector<int64_t> ids;
  for (int i = 0; i < n; ++i) {
    text::Document d = testing::syntheticDocument(testing::syntheticSentence(3000 + i, 1));
    d.spans.clear();
    d.text += " #" + std::to_string(i);
    ids.push_back(project->documents().add(d).id);
  }
  return ids;
}

// Accepts the document with Enter in the editor, as a person would.
void acceptInEditor(MainWindow& w, const std::string& path, int64_t id) {
  w.activateWindow();  // a dialog may have taken it
  REQUIRE(QTest::qWaitForWindowActive(&w));
  REQUIRE(w.browser()->selectDocument(id));
  REQUIRE(w.editor()->documentId() == id);
  w.editor()->setFocus(Qt::OtherFocusReason);
  REQUIRE(waitFor([&] { return QApplication::focusWidget() == w.editor(); }));
  QTest::keyClick(w.editor(), Qt::Key_Return);  // Accept and Next
  REQUIRE(waitFor([&] {
    return store::ProjectStore::open(path)->documents().get(id)->doc.status ==
           text::DocStatus::Accepted;
  }));
}

// A shown window on the project, with the tests' tiny training config.
std::unique_ptr<MainWindow> openWindow(QSettings& settings, const std::string& path) {
  auto w = std::make_unique<MainWindow>(settings);
  w->resize(1400, 900);
  w->show();
  REQUIRE(QTest::qWaitForWindowExposed(w.get()));
  REQUIRE(w->openProject(QString::fromStdString(path)));
  w->trainingPanel()->setup()->setConfig(tinyTrainingConfig(20, 5));
  return w;
}

}  // namespace

TEST_CASE("Auto-retrain: every N accepted documents trains on, uses the model and re-ranks") {
  TempDir dir;
  const std::string path = dir.file("r.spanforge");
  makeTrainingProject(dir, path, 80);
  const std::vector<int64_t> pool = addPool(path, 8);
  auto settings = makeSettings(dir);
  const auto window = openWindow(*settings, path);
  MainWindow& w = *window;
  w.activateWindow();
  REQUIRE(QTest::qWaitForWindowActive(&w));
  const auto margin = active::parseStrategy("margin");
  REQUIRE(margin);
  w.modelLoop()->ranking()->setStrategy(*margin);  // the strategy used last

  AutoRetrainer* auto_ = w.autoRetrainer();
  // N through the menu's dialog, then switch it on from the Train menu.
  QAction* every = menuAction(w, auto_->everyAction()->text());
  REQUIRE(every);
  QTimer answer;  // answers the modal dialog from inside its event loop
  answer.setInterval(20);
  QObject::connect(&answer, &QTimer::timeout, [&answer] {
    // No REQUIRE here: it would throw through the dialog's event loop.
    if (auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget())) {
      answer.stop();
      dialog->setIntValue(2);
      dialog->accept();
    }
  });
  answer.start();
  every->trigger();
  answer.stop();
  REQUIRE(auto_->every() == 2);
  QAction* enable = menuAction(w, QStringLiteral("Retrain &Automatically"));
  REQUIRE(enable);
  REQUIRE(enable->isCheckable());
  enable->trigger();
  REQUIRE(auto_->isEnabled());
  CHECK(settings->value("autoRetrain/enabled").toBool());
  CHECK(settings->value("autoRetrain/every").toInt() == 2);
  // Rounds after the first continue from the current model once this is off.
  QAction* scratch = menuAction(w, QStringLiteral("Start Each Round From &Scratch"));
  REQUIRE(scratch);
  REQUIRE(scratch->isChecked());
  scratch->trigger();
  REQUIRE_FALSE(auto_->fromScratch());

  QSignalSpy rounds(auto_, &AutoRetrainer::roundFinished);
  auto accept = [&](int64_t id) { acceptInEditor(w, path, id); };
  auto rankedBy = [&](int64_t modelId) {
    auto project = store::ProjectStore::open(path);
    return store::RankingRepository(project->db()).info(modelId, "margin").has_value();
  };

  // Round 1: no current model yet, so a run from scratch.
  accept(pool[0]);
  CHECK_FALSE(auto_->roundRunning());
  accept(pool[1]);
  REQUIRE(auto_->roundRunning());
  REQUIRE(rounds.wait(90000));
  const int64_t first = rounds.back().at(1).value<qint64>();
  REQUIRE(first != 0);
  REQUIRE(waitFor([&] { return rankedBy(first); }, 60000));
  {
    auto project = store::ProjectStore::open(path);
    REQUIRE(project->runs().currentModel());
    CHECK(project->runs().currentModel()->id == first);
  }

  // Round 2: continues from round 1's model.
  accept(pool[2]);
  accept(pool[3]);
  REQUIRE(auto_->roundRunning());
  REQUIRE(rounds.wait(90000));
  const int64_t second = rounds.back().at(1).value<qint64>();
  REQUIRE(second != 0);
  CHECK(second != first);
  REQUIRE(waitFor([&] { return rankedBy(second); }, 60000));
  // The ranking is in the store before the worker's queued "finished" arrives.
  CHECK(waitFor([&] { return !w.modelLoop()->ranking()->running(); }, 10000));

  auto project = store::ProjectStore::open(path);
  const auto runs = project->runs().runs();
  REQUIRE(runs.size() == 2);  // each round is a stored run the dashboard lists
  CHECK(runs[0].modelId == first);
  CHECK(runs[1].modelId == second);
  CHECK(runs[1].state == store::RunState::Finished);
  REQUIRE(project->runs().currentModel());
  CHECK(project->runs().currentModel()->id == second);
  CHECK(w.modelLoop()->suggestions()->model()->id == second);
  const auto firstModel = project->runs().model(first);
  const auto secondModel = project->runs().model(second);
  REQUIRE(firstModel);
  REQUIRE(secondModel);
  CHECK(train::ModelPackage::readInfo(firstModel->path).resumedFrom.empty());
  CHECK(train::ModelPackage::readInfo(secondModel->path).resumedFrom == firstModel->path);
}

TEST_CASE("Auto-retrain: by default every round trains from random weights") {
  TempDir dir;
  const std::string path = dir.file("s.spanforge");
  makeTrainingProject(dir, path, 80);
  const std::vector<int64_t> pool = addPool(path, 4);
  auto settings = makeSettings(dir);
  settings->setValue("autoRetrain/enabled", true);
  settings->setValue("autoRetrain/every", 2);
  const auto window = openWindow(*settings, path);
  MainWindow& w = *window;
  AutoRetrainer* auto_ = w.autoRetrainer();
  REQUIRE(auto_->isEnabled());
  CHECK(auto_->fromScratch());  // the README's AL table: scratch reaches 99 % sooner
  QAction* scratch = menuAction(w, QStringLiteral("Start Each Round From &Scratch"));
  REQUIRE(scratch);
  REQUIRE(scratch->isCheckable());
  CHECK(scratch->isChecked());

  QSignalSpy rounds(auto_, &AutoRetrainer::roundFinished);
  std::vector<int64_t> models;
  for (int round = 0; round < 2; ++round) {
    acceptInEditor(w, path, pool[2 * round]);
    acceptInEditor(w, path, pool[2 * round + 1]);
    REQUIRE(auto_->roundRunning());
    REQUIRE(rounds.wait(90000));
    models.push_back(rounds.back().at(1).value<qint64>());
    REQUIRE(models.back() != 0);
    REQUIRE(waitFor(
        [&] {
          return w.modelLoop()->suggestions()->model() &&
                 w.modelLoop()->suggestions()->model()->id == models.back();
        },
        10000));
  }
  CHECK(waitFor([&] { return !w.modelLoop()->ranking()->running(); }, 60000));
  auto project = store::ProjectStore::open(path);
  for (const int64_t id : models) {
    const auto model = project->runs().model(id);
    REQUIRE(model);
    CHECK(train::ModelPackage::readInfo(model->path).resumedFrom.empty());
  }
  // Unticked, the choice outlives the window.
  scratch->trigger();
  CHECK_FALSE(auto_->fromScratch());
  CHECK_FALSE(settings->value("autoRetrain/fromScratch").toBool());
  MainWindow again(*settings);
  CHECK_FALSE(again.autoRetrainer()->fromScratch());
}
