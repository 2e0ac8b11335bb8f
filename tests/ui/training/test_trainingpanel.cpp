// Training from the main window, driven like a person would: Train > Train
// Model opens the panel, settings are typed into the form, Train runs the
// data checks (which warn on this small project), Train Anyway starts the
// run, and the dashboard fills while the run is stored in the project. The
// Runs page re-opens stored runs after a restart, overlays two, makes a
// model the current one and exports the model and the metrics.
#include "modelloop/evaluation/evaluationtablemodel.h"
#include "modelloop/modelloop.h"
#include "modelloop/modeltoolbar.h"
#include "shell/workspacestack.h"
#include "training/dashboard/lossplot.h"
#include "training/dashboard/memoryplot.h"
#include "training/dashboard/metricsplot.h"
#include "training/dashboard/trainingdashboard.h"
#include "training/runs/runhistory.h"
#include "training/runs/runlistmodel.h"
#include "training/setup/configfieldeditor.h"
#include "training/setup/configform.h"
#include "training/setup/datacheckview.h"
#include "training/setup/trainingsetup.h"
#include "training/simulation/alcurvesmodel.h"
#include "training/simulation/alsimulationdialog.h"
#include "training/trainingpanel.h"
#include "training/trainingsession.h"
#include "training/trainingtestproject.h"
#include "training/trainingwindow.h"
#include "uitestproject.h"
#include "widgetinput.h"

#include "catchapi.h"

#include <QDir>
#include <QFile>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTabWidget>
#include <QTableView>
#include <QTest>
#include <QToolButton>

#include <fstream>
#include <iterator>
#include <memory>
#include <string>

using namespace spanforge;
using namespace spanforge::ui;
using spanforge::testing::makeSettings;
using spanforge::testing::makeTrainingProject;
using spanforge::testing::TempDir;
using spanforge::testing::tinyTrainingConfig;
using spanforge::testing::waitFor;

namespace {

using Window = spanforge::testing::TrainingWindow;

void click(QWidget* w) { spanforge::testing::clickEnabled(w); }

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

TEST_CASE("Save Training Config never writes over the project or the vectors it names") {
  TempDir dir;
  const std::string path = dir.file("t.spanforge");
  makeTrainingProject(dir, path);
  Window w(dir, path);
  w.trigger(QStringLiteral("&Train Model…"));
  TrainingSetup* setup = w.panel()->setup();
  const std::string vectors = dir.file("glove.txt");
  std::ofstream(vectors) << "the 0.1 0.2\ncat 0.3 0.4\n";
  auto config = tinyTrainingConfig(20, 5);
  config.model.vectors = vectors;
  setup->setConfig(config);
  const auto bytes = [](const std::string& p) {
    std::ifstream in(p, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  };
  const std::string project = bytes(path);
  CHECK_FALSE(setup->saveTomlTo(QString::fromStdString(path)));
  CHECK(setup->statusLabel()->text().contains(QStringLiteral("is the same file as the project")));
  CHECK(bytes(path) == project);
  CHECK_FALSE(setup->saveTomlTo(QString::fromStdString(vectors)));
  CHECK(setup->statusLabel()->text().contains(QStringLiteral("the same file as the word vectors")));
  CHECK(bytes(vectors) == "the 0.1 0.2\ncat 0.3 0.4\n");
  CHECK(setup->saveTomlTo(QString::fromStdString(dir.file("config.toml"))));
  CHECK(bytes(dir.file("config.toml")).find("[model]") != std::string::npos);
}
