// Training from the main window, driven like a person would: Train > Train
// Model opens the panel, settings are typed into the form, Train runs the
// data checks (which warn on this small project), Train Anyway starts the
// run, and the dashboard fills while the run is stored in the project. The
// Runs page re-opens stored runs after a restart, overlays two, makes a
// model the current one and exports the model and the metrics.
#include "modelloop/evaluation/evaluationtablemodel.h"
#include "modelloop/modelloop.h"
#include "modelloop/modeltoolbar.h"
#include "shell/mainwindow.h"
#include "shell/workspacestack.h"
#include "train/pretrain/pretrainedweights.h"
#include "training/dashboard/lossplot.h"
#include "training/dashboard/memoryplot.h"
#include "training/dashboard/metricsplot.h"
#include "training/dashboard/trainingdashboard.h"
#include "training/pretraindialog.h"
#include "training/runs/runhistory.h"
#include "training/runs/runlistmodel.h"
#include "training/setup/configfieldeditor.h"
#include "training/setup/configform.h"
#include "training/setup/datacheckview.h"
#include "training/setup/pretrainedchooser.h"
#include "training/setup/trainingsetup.h"
#include "training/simulation/alcurvesmodel.h"
#include "training/simulation/alsimulationdialog.h"
#include "training/trainingpanel.h"
#include "training/trainingsession.h"
#include "training/trainingtestproject.h"
#include "uitestproject.h"
#include "widgetinput.h"

#include "catchapi.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QMenuBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QTimer>
#include <QToolButton>

#include <memory>

using namespace spanforge;
using namespace spanforge::ui;
using spanforge::testing::makeSettings;
using spanforge::testing::makeTrainingProject;
using spanforge::testing::TempDir;
using spanforge::testing::tinyTrainingConfig;
using spanforge::testing::waitFor;

namespace {

struct Window {
  std::unique_ptr<QSettings> settings;
  std::unique_ptr<MainWindow> window;

  Window(const TempDir& dir, const std::string& path) : settings(makeSettings(dir)) {
    window = std::make_unique<MainWindow>(*settings);
    window->resize(1400, 900);
    window->show();
    REQUIRE(QTest::qWaitForWindowExposed(window.get()));
    REQUIRE(window->openProject(QString::fromStdString(path)));
  }
  TrainingPanel* panel() const { return window->trainingPanel(); }
  void trigger(const QString& text) {
    for (QAction* a : window->menuBar()->findChildren<QAction*>())
      if (a->text() == text) return a->trigger();
    FAIL("no menu action " << text.toStdString());
  }
};

// Answers the next PretrainDialog (Start, Resume or Cancel), keeping its text.
enum class PretrainAnswer { Cancel, Start, Resume };
void answerPretrainDialog(PretrainAnswer answer, QString* text = nullptr, int attempts = 200) {
  QTimer::singleShot(10, [=] {
    auto* d = qobject_cast<spanforge::ui::PretrainDialog*>(QApplication::activeModalWidget());
    if (!d) {
      if (attempts > 0) answerPretrainDialog(answer, text, attempts - 1);
      return;
    }
    if (text) *text = d->text();
    if (answer == PretrainAnswer::Start)
      QTest::mouseClick(d->startButton(), Qt::LeftButton);
    else if (answer == PretrainAnswer::Resume && d->resumeButton()) {
      const QString shots = QDir::tempPath() + QStringLiteral("/spanforge-shots");
      QDir().mkpath(shots);
      d->grab().save(shots + QStringLiteral("/pretrain-resume-dialog.png"));
      QTest::mouseClick(d->resumeButton(), Qt::LeftButton);
    }
    else
      d->reject();
  });
}
void answerPretrainDialog(bool start, QString* text = nullptr) {
  answerPretrainDialog(start ? PretrainAnswer::Start : PretrainAnswer::Cancel, text);
}

void click(QWidget* w) {
  REQUIRE(w->isVisible());
  REQUIRE(w->isEnabled());
  QTest::mouseClick(w, Qt::LeftButton);
}

using spanforge::testing::typeText;

// Trains on the panel's session directly and waits (setting up the Runs tests).
void trainRun(TrainingPanel* panel, int64_t steps) {
  QSignalSpy finished(panel, &TrainingPanel::trainingFinished);
  panel->session()->start(tinyTrainingConfig(steps, 5), QString());
  REQUIRE(finished.wait(60000));
  REQUIRE(finished.front().front().value<TrainingOutcome>().failure.isEmpty());
}

}  // namespace

TEST_CASE("Train from the GUI: checks, a live dashboard and a stored run") {
  TempDir dir;
  const std::string path = dir.file("t.spanforge");
  makeTrainingProject(dir, path);
  Window w(dir, path);
  w.trigger(QStringLiteral("&Train Model…"));
  CHECK(w.window->workspace() == spanforge::ui::Workspace::Train);
  CHECK(w.panel()->isVisible());
  TrainingSetup* setup = w.panel()->setup();
  CHECK(w.panel()->tabs()->currentWidget() == setup);

  setup->setConfig(tinyTrainingConfig(20, 5));  // tiny widths; the rest is typed
  QWidget* maxSteps = setup->form()->editor(QStringLiteral("training.max_steps"))->input();
  typeText(maxSteps, QStringLiteral("twelve"));
  CHECK_FALSE(setup->trainButton()->isEnabled());  // an invalid value blocks training
  CHECK(setup->form()->errors().join(' ').contains(QStringLiteral("training.max_steps")));
  typeText(maxSteps, QStringLiteral("24"));
  CHECK(setup->trainButton()->isEnabled());
  CHECK(setup->config().training.maxSteps == 24);

  click(setup->trainButton());
  // Fewer than 50 examples of most labels: the checks warn and ask.
  REQUIRE(waitFor([&] { return setup->state() == TrainingSetup::State::Confirm; }, 30000));
  CHECK(setup->checks()->summary().contains(QStringLiteral("warning")));
  CHECK(setup->checks()->tree()->topLevelItemCount() > 0);
  QSignalSpy finished(w.panel(), &TrainingPanel::trainingFinished);
  click(setup->anywayButton());

  TrainingDashboard* dash = w.panel()->dashboard();
  REQUIRE(waitFor([&] { return dash->isLive(); }, 30000));
  CHECK(w.panel()->tabs()->currentWidget() == dash);
  CHECK(dash->stopButton()->isEnabled());
  REQUIRE(finished.wait(60000));
  const auto outcome = finished.front().front().value<TrainingOutcome>();
  INFO(outcome.failure.toStdString());
  REQUIRE(outcome.failure.isEmpty());

  CHECK(dash->plot<LossPlot>()->rawGraph()->dataCount() == 24);
  CHECK(dash->plot<LossPlot>()->smoothedGraph()->dataCount() == 24);
  CHECK(dash->plot<MemoryPlot>()->speedGraph()->dataCount() == 24);
  CHECK(dash->plot<MemoryPlot>()->memoryGraph()->dataCount() >= 2);  // flat stretches are merged
  CHECK(dash->plot<MetricsPlot>()->f1Graph()->dataCount() == 5);     // steps 5, 10, 15, 20 and 24
  CHECK(dash->table()->rowCount() == 5);
  CHECK(dash->labelList()->count() > 0);
  CHECK(dash->stateText().contains(QStringLiteral("finished")));
  CHECK_FALSE(dash->stopButton()->isEnabled());

  const auto project = store::ProjectStore::open(path);
  const auto runs = project->runs().runs();
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].state == store::RunState::Finished);
  CHECK(project->runs().events(runs[0].id).size() == 24 + 5);
  REQUIRE(runs[0].modelId);
  CHECK(QFile::exists(QString::fromStdString(project->runs().model(*runs[0].modelId)->path) +
                      QStringLiteral("/meta.json")));
  CHECK(w.panel()->runs()->model()->rowCount() == 1);

  // The project had no current model: this run's became current at once, and
  // the toolbar names it (no "No current model" after a good run).
  REQUIRE(project->runs().currentModel());
  CHECK(project->runs().currentModel()->id == *runs[0].modelId);
  CHECK_FALSE(dash->useButton()->isVisible());
  QLabel* modelName = w.window->modelLoop()->toolBar()->modelLabel();
  CHECK(waitFor([&] { return !modelName->text().contains(QStringLiteral("No current")); }, 30000));

  // A second run, with a current model: the Dashboard offers its model.
  w.trigger(QStringLiteral("&Train Model…"));  // back on Setup
  click(setup->trainButton());
  REQUIRE(waitFor([&] { return setup->state() == TrainingSetup::State::Confirm; }, 30000));
  click(setup->anywayButton());
  REQUIRE(finished.wait(60000));
  const auto second = finished.back().front().value<TrainingOutcome>();
  REQUIRE(second.modelId);
  REQUIRE(dash->useButton()->isVisible());
  CHECK(store::ProjectStore::open(path)->runs().currentModel()->id == *runs[0].modelId);
  click(dash->useButton());
  CHECK(store::ProjectStore::open(path)->runs().currentModel()->id == *second.modelId);
  CHECK_FALSE(dash->useButton()->isVisible());
}

TEST_CASE("Stop keeps the best model so far") {
  TempDir dir;
  const std::string path = dir.file("t.spanforge");
  makeTrainingProject(dir, path);
  Window w(dir, path);
  w.trigger(QStringLiteral("&Train Model…"));
  QSignalSpy finished(w.panel(), &TrainingPanel::trainingFinished);
  w.panel()->session()->start(tinyTrainingConfig(5000, 5), QString());
  TrainingDashboard* dash = w.panel()->dashboard();
  REQUIRE(waitFor([&] { return dash->table()->rowCount() >= 1; }, 60000));
  click(dash->stopButton());
  REQUIRE(finished.wait(60000));
  const auto o = finished.front().front().value<TrainingOutcome>();
  CHECK(o.finished.reason == train::FinishReason::Cancelled);
  CHECK(o.modelId);
  CHECK(dash->stateText().contains(QStringLiteral("stopped")));
}

TEST_CASE("A failing run shows a readable error and the window goes on") {
  TempDir dir;
  const std::string path = dir.file("t.spanforge");
  makeTrainingProject(dir, path);
  Window w(dir, path);
  w.trigger(QStringLiteral("&Train Model…"));
  w.panel()->session()->setPoisonLoss([](int64_t step) { return step == 7; });
  QSignalSpy finished(w.panel(), &TrainingPanel::trainingFinished);
  w.panel()->session()->start(tinyTrainingConfig(20, 5), QString());
  REQUIRE(finished.wait(60000));
  TrainingDashboard* dash = w.panel()->dashboard();
  CHECK(dash->errorText().contains(QStringLiteral("NaN at step 7")));
  CHECK_FALSE(w.panel()->isTraining());
  CHECK(w.panel()->setup()->trainButton()->isEnabled());  // one can try again
}

TEST_CASE("Runs: re-opened after a restart, overlaid, made current and exported") {
  TempDir dir;
  const std::string path = dir.file("t.spanforge");
  makeTrainingProject(dir, path);
  {
    Window first(dir, path);
    trainRun(first.panel(), 10);
    trainRun(first.panel(), 15);
  }
  Window w(dir, path);  // a restart: everything below comes from the store
  w.trigger(QStringLiteral("&Runs and Models…"));
  RunHistory* runs = w.panel()->runs();
  CHECK(w.window->workspace() == spanforge::ui::Workspace::Runs);
  CHECK(runs->isVisible());
  REQUIRE(runs->model()->rowCount() == 2);
  QTableView* view = runs->view();
  auto clickRow = [&](int row) {
    const QRect r = view->visualRect(runs->model()->index(row, RunListModel::Run));
    QTest::mouseClick(view->viewport(), Qt::LeftButton, {}, r.center());
  };
  auto button = [&](const QString& text) {
    for (QPushButton* b : runs->findChildren<QPushButton*>())
      if (b->text() == text) return b;
    return static_cast<QPushButton*>(nullptr);
  };

  clickRow(1);  // the older run (newest first)
  const int64_t older = runs->selectedRun();
  click(button(QStringLiteral("Show")));
  TrainingDashboard* dash = w.panel()->dashboard();
  CHECK(dash->shownRun() == older);
  CHECK(dash->plot<LossPlot>()->rawGraph()->dataCount() == 10);
  CHECK(dash->table()->rowCount() == 2);
  CHECK(w.panel()->tabs()->currentWidget() == dash);
  CHECK(w.window->workspace() == spanforge::ui::Workspace::Train);
  CHECK(dash->isVisible());

  w.trigger(QStringLiteral("&Runs and Models…"));
  clickRow(0);
  const int before = dash->plot<LossPlot>()->pointCount();
  click(button(QStringLiteral("Compare with Shown")));
  CHECK(dash->plot<LossPlot>()->pointCount() == before + 15);  // the other run's smoothed loss
  CHECK(dash->plot<MetricsPlot>()->pointCount() > 0);

  click(w.window->workspaces()->button(spanforge::ui::Workspace::Runs));  // the mode bar
  REQUIRE(runs->isVisible());
  QSignalSpy current(w.panel(), &TrainingPanel::currentModelChanged);
  click(button(QStringLiteral("Use This Model")));
  REQUIRE(current.size() == 1);
  const auto project = store::ProjectStore::open(path);
  CHECK(project->runs().currentModel()->id == current.front().front().value<int64_t>());
  CHECK(runs->model()->index(0, RunListModel::Model).data().toString().contains("current"));

  QSignalSpy exported(runs, &RunHistory::exportFinished);
  const QString folder = QString::fromStdString(dir.file("exported-model"));
  runs->exportModel(folder);
  REQUIRE(exported.wait(30000));
  CHECK(exported.front().front().toString().isEmpty());
  CHECK(QFile::exists(folder + QStringLiteral("/README.md")));
  CHECK(QFile::exists(folder + QStringLiteral("/weights.safetensors")));

  const QString csv = QString::fromStdString(dir.file("metrics.csv"));
  runs->exportMetrics(csv);
  REQUIRE(exported.wait(30000));
  QFile file(csv);
  REQUIRE(file.open(QIODevice::ReadOnly));
  CHECK(file.readAll().count('\n') == 1 + 15 + 3);  // header, steps, evaluations at 5, 10, 15
}

TEST_CASE("Pretrain from the GUI: its loss on the dashboard, a stored run, Start from set") {
  TempDir dir;
  const std::string path = dir.file("t.spanforge");
  makeTrainingProject(dir, path);
  Window w(dir, path);
  w.trigger(QStringLiteral("&Train Model…"));
  TrainingSetup* setup = w.panel()->setup();
  auto config = tinyTrainingConfig(20, 5);
  config.pretraining.maxSteps = 9;
  config.pretraining.checkpointEvery = 4;
  config.pretraining.batchWords = 300;
  setup->setConfig(config);
  CHECK(setup->pretrained()->randomButton()->isChecked());

  QSignalSpy finished(w.panel(), &TrainingPanel::trainingFinished);
  // Pretrain asks first: what it does, the documents, the time; Cancel starts nothing.
  QString asked;
  answerPretrainDialog(false, &asked);
  click(setup->pretrainButton());
  CHECK(asked.contains(QStringLiteral("documents")));
  CHECK(asked.contains(QStringLiteral("9 steps of 300 words")));
  CHECK(asked.contains(QStringLiteral("unknown until a run has set a pace")));  // no run yet
  CHECK_FALSE(w.panel()->isTraining());
  answerPretrainDialog(true);
  click(setup->pretrainButton());
  TrainingDashboard* dash = w.panel()->dashboard();
  REQUIRE(finished.wait(60000));
  const auto outcome = finished.front().front().value<TrainingOutcome>();
  INFO(outcome.failure.toStdString());
  REQUIRE(outcome.failure.isEmpty());
  CHECK(outcome.finished.reason == train::FinishReason::MaxSteps);
  CHECK_FALSE(outcome.modelId);
  CHECK(outcome.pretrainedDir.endsWith(QStringLiteral(".models/pretrain-1")));
  CHECK(QFile::exists(outcome.pretrainedDir + QStringLiteral("/pretrain.json")));
  CHECK(dash->plot<LossPlot>()->rawGraph()->dataCount() == 9);
  CHECK(dash->plot<MemoryPlot>()->speedGraph()->dataCount() == 9);
  CHECK(dash->plot<LossPlot>()->yAxis->label().contains(QStringLiteral("per predicted character")));
  CHECK(dash->stateText().contains(QStringLiteral("held-out loss")));
  const QString shots = QDir::tempPath() + QStringLiteral("/spanforge-shots");
  QDir().mkpath(shots);
  REQUIRE(w.window->grab().save(shots + QStringLiteral("/pretrain-dashboard.png")));

  // Stored as a pretraining run, shown as such on the Runs page.
  const auto project = store::ProjectStore::open(path);
  const auto runs = project->runs().runs();
  REQUIRE(runs.size() == 1);
  CHECK(runs[0].kind == store::RunRecord::kPretrainRun);
  CHECK(runs[0].state == store::RunState::Finished);
  CHECK_FALSE(runs[0].modelId);
  CHECK(project->runs().events(runs[0].id).size() == 9);
  CHECK_THAT(runs[0].message, ContainsSubstring("held-out loss"));
  auto* model = w.panel()->runs()->model();
  REQUIRE(model->rowCount() == 1);
  CHECK(model->index(0, RunListModel::Model).data().toString() ==
        QStringLiteral("pretrained weights"));

  // New models start from it: the next run trains from those weights.
  CHECK(setup->pretrained()->pretrainedButton()->isChecked());
  CHECK(setup->config().model.pretrained == QFile::encodeName(outcome.pretrainedDir).toStdString());
  QSignalSpy trained(w.panel(), &TrainingPanel::trainingFinished);
  w.panel()->session()->start(setup->config(), QString());
  REQUIRE(trained.wait(60000));
  const auto run = trained.front().front().value<TrainingOutcome>();
  INFO(run.failure.toStdString());
  REQUIRE(run.failure.isEmpty());
  REQUIRE(run.modelId);

  // The menu action asks too, now with the time at the first pretraining's pace.
  QSignalSpy again(w.panel(), &TrainingPanel::trainingFinished);
  answerPretrainDialog(true, &asked);
  w.trigger(QStringLiteral("&Pretrain on Unlabelled Documents"));
  CHECK(asked.contains(QStringLiteral("at the pace of pretraining run 1")));
  REQUIRE(again.wait(60000));
  CHECK(again.front().front().value<TrainingOutcome>().pretrainedDir.endsWith(
      QStringLiteral("pretrain-3")));
  const QString third = again.front().front().value<TrainingOutcome>().pretrainedDir;
  CHECK(setup->config().model.pretrained == QFile::encodeName(third).toStdString());

  // A pretraining stopped on the Dashboard keeps its weights on Runs but never
  // becomes Start from.
  config = setup->config();
  config.pretraining.maxSteps = 100000;
  setup->setConfig(config);
  QSignalSpy stopped(w.panel(), &TrainingPanel::trainingFinished);
  answerPretrainDialog(true);
  w.trigger(QStringLiteral("&Train Model…"));  // back on Setup
  click(setup->pretrainButton());
  REQUIRE(waitFor([&] { return dash->stopButton()->isEnabled(); }, 30000));
  REQUIRE(waitFor([&] { return dash->plot<LossPlot>()->rawGraph()->dataCount() > 4; }, 60000));
  click(dash->stopButton());
  REQUIRE(stopped.wait(60000));
  const auto halted = stopped.front().front().value<TrainingOutcome>();
  CHECK(halted.finished.reason == train::FinishReason::Cancelled);
  CHECK(setup->config().model.pretrained == QFile::encodeName(third).toStdString());

  // Pretrain again: the stopped run is offered to resume, and resumed it
  // goes on from its step in its own folder, to a raised limit.
  const int64_t stoppedAt = halted.finished.steps;
  REQUIRE(stoppedAt > 4);
  config = setup->config();
  config.pretraining.maxSteps = stoppedAt + 3;
  setup->setConfig(config);
  QSignalSpy resumed(w.panel(), &TrainingPanel::trainingFinished);
  answerPretrainDialog(PretrainAnswer::Resume, &asked);
  w.trigger(QStringLiteral("&Train Model…"));
  click(setup->pretrainButton());
  CHECK(asked.contains(
      QStringLiteral("Pretraining run %1 stopped at step %2").arg(halted.runId).arg(stoppedAt)));
  REQUIRE(resumed.wait(60000));
  const auto goneOn = resumed.front().front().value<TrainingOutcome>();
  INFO(goneOn.failure.toStdString());
  REQUIRE(goneOn.failure.isEmpty());
  CHECK(goneOn.finished.reason == train::FinishReason::MaxSteps);
  CHECK(goneOn.finished.steps == stoppedAt + 3);
  CHECK(goneOn.pretrainedDir == halted.pretrainedDir);
  CHECK_THAT(goneOn.finished.message,
             ContainsSubstring("resumed after step " + std::to_string(stoppedAt)));
  CHECK(dash->plot<LossPlot>()->rawGraph()->dataCount() == 3);
  const auto summary =
      train::PretrainedWeights::readSummary(QFile::encodeName(halted.pretrainedDir).toStdString());
  CHECK(summary.steps == stoppedAt + 3);
  CHECK(summary.finished);
  CHECK(setup->config().model.pretrained == QFile::encodeName(halted.pretrainedDir).toStdString());

  // The newest pretraining finished: nothing is offered.
  answerPretrainDialog(PretrainAnswer::Cancel, &asked);
  w.trigger(QStringLiteral("&Train Model…"));
  click(setup->pretrainButton());
  CHECK_FALSE(asked.contains(QStringLiteral("stopped at step")));
}

TEST_CASE("Train > Simulate Active Learning opens on the project with Setup's config") {
  TempDir dir;
  const std::string path = dir.file("sim.spanforge");
  makeTrainingProject(dir, path, 400);  // 5% of the pool: enough to train on
  Window w(dir, path);
  w.trigger(QStringLiteral("&Train Model…"));
  TrainingSetup* setup = w.panel()->setup();
  setup->setConfig(tinyTrainingConfig(6, 3));
  w.trigger(QStringLiteral("Simulate &Active Learning…"));
  auto* dialog = w.window->findChild<AlSimulationDialog*>();
  REQUIRE(dialog);
  CHECK(dialog->isVisible());
  CHECK(dialog->windowTitle().contains(QStringLiteral("sim.spanforge")));
  // It trains with Setup's config: a run on this project finishes with curves.
  QTest::mouseClick(dialog->runButton(), Qt::LeftButton);
  REQUIRE(waitFor([&] { return !dialog->isRunning(); }, 120000));
  INFO(dialog->statusLabel()->text().toStdString());
  CHECK(dialog->statusLabel()->text().startsWith(QStringLiteral("Finished in")));
  CHECK(dialog->model()->rowCount() > 0);

  // An invalid setting on Setup: no dialog run, Setup says why.
  dialog->close();
  typeText(setup->form()->editor(QStringLiteral("training.max_steps"))->input(),
           QStringLiteral("lots"));
  w.trigger(QStringLiteral("Simulate &Active Learning…"));
  CHECK_FALSE(dialog->isVisible());
  CHECK(w.panel()->tabs()->currentWidget() == setup);
}
