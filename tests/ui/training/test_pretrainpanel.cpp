// Pretraining from the Train panel: the dialog, the dashboard, the stored
// run, Start from, and resuming a stopped pretraining.
#include "store/projectstore.h"
#include "train/pretrain/pretrainedweights.h"
#include "training/dashboard/lossplot.h"
#include "training/dashboard/memoryplot.h"
#include "training/dashboard/trainingdashboard.h"
#include "training/pretraindialog.h"
#include "training/runs/runhistory.h"
#include "training/runs/runlistmodel.h"
#include "training/setup/pretrainedchooser.h"
#include "training/setup/trainingsetup.h"
#include "training/trainingpanel.h"
#include "training/trainingsession.h"
#include "training/trainingtestproject.h"
#include "training/trainingwindow.h"
#include "uitestproject.h"

#include "catchapi.h"

#include <QApplication>
#include <QDir>
#include <QFile>
#include <QPushButton>
#include <QRadioButton>
#include <QSignalSpy>
#include <QTest>
#include <QTimer>

using namespace spanforge;
using namespace spanforge::ui;
using spanforge::testing::clickEnabled;
using spanforge::testing::makeTrainingProject;
using spanforge::testing::TempDir;
using spanforge::testing::tinyTrainingConfig;
using spanforge::testing::waitFor;
using Window = spanforge::testing::TrainingWindow;

namespace {

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
    } else
      d->reject();
  });
}
void answerPretrainDialog(bool start, QString* text = nullptr) {
  answerPretrainDialog(start ? PretrainAnswer::Start : PretrainAnswer::Cancel, text);
}

}  // namespace

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
  clickEnabled(setup->pretrainButton());
  CHECK(asked.contains(QStringLiteral("documents")));
  CHECK(asked.contains(QStringLiteral("9 steps of 300 words")));
  CHECK(asked.contains(QStringLiteral("shows once a pretraining has run")));  // no run yet
  CHECK_FALSE(w.panel()->isTraining());
  answerPretrainDialog(true);
  clickEnabled(setup->pretrainButton());
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
  clickEnabled(setup->pretrainButton());
  REQUIRE(waitFor([&] { return dash->stopButton()->isEnabled(); }, 30000));
  REQUIRE(waitFor([&] { return dash->plot<LossPlot>()->rawGraph()->dataCount() > 4; }, 60000));
  clickEnabled(dash->stopButton());
  REQUIRE(stopped.wait(60000));
  const auto halted = stopped.front().front().value<TrainingOutcome>();
  CHECK(halted.finished.reason == train::FinishReason::Cancelled);
  CHECK(setup->config().model.pretrained == QFile::encodeName(third).toStdString());

  // Pretrain again: the stopped run is offered to resume. Resumed, the run
  // takes its folder over and goes on from its step; stopped again, it is
  // offered in turn, and resumed to a raised limit it finishes.
  const int64_t stoppedAt = halted.finished.steps;
  REQUIRE(stoppedAt > 4);
  QSignalSpy restopped(w.panel(), &TrainingPanel::trainingFinished);
  answerPretrainDialog(PretrainAnswer::Resume, &asked);
  w.trigger(QStringLiteral("&Train Model…"));
  clickEnabled(setup->pretrainButton());
  CHECK(asked.contains(
      QStringLiteral("Pretraining run %1 stopped at step %2").arg(halted.runId).arg(stoppedAt)));
  REQUIRE(waitFor([&] { return dash->stopButton()->isEnabled(); }, 30000));
  REQUIRE(waitFor([&] { return dash->plot<LossPlot>()->rawGraph()->dataCount() > 2; }, 60000));
  clickEnabled(dash->stopButton());
  REQUIRE(restopped.wait(60000));
  const auto second = restopped.front().front().value<TrainingOutcome>();
  INFO(second.failure.toStdString());
  REQUIRE(second.failure.isEmpty());
  CHECK(second.finished.reason == train::FinishReason::Cancelled);
  CHECK(second.pretrainedDir.endsWith(QStringLiteral("pretrain-%1").arg(second.runId)));
  CHECK_FALSE(QFile::exists(halted.pretrainedDir));
  CHECK_THAT(second.finished.message,
             ContainsSubstring("resumed after step " + std::to_string(stoppedAt)));
  const int64_t secondAt = second.finished.steps;
  REQUIRE(secondAt > stoppedAt);

  config = setup->config();
  config.pretraining.maxSteps = secondAt + 3;
  setup->setConfig(config);
  QSignalSpy resumed(w.panel(), &TrainingPanel::trainingFinished);
  answerPretrainDialog(PretrainAnswer::Resume, &asked);
  w.trigger(QStringLiteral("&Train Model…"));
  clickEnabled(setup->pretrainButton());
  CHECK(asked.contains(
      QStringLiteral("Pretraining run %1 stopped at step %2").arg(second.runId).arg(secondAt)));
  REQUIRE(resumed.wait(60000));
  const auto goneOn = resumed.front().front().value<TrainingOutcome>();
  INFO(goneOn.failure.toStdString());
  REQUIRE(goneOn.failure.isEmpty());
  CHECK(goneOn.finished.reason == train::FinishReason::MaxSteps);
  CHECK(goneOn.finished.steps == secondAt + 3);
  CHECK(goneOn.pretrainedDir.endsWith(QStringLiteral("pretrain-%1").arg(goneOn.runId)));
  CHECK_THAT(goneOn.finished.message,
             ContainsSubstring("resumed after step " + std::to_string(secondAt)));
  CHECK(dash->plot<LossPlot>()->rawGraph()->dataCount() == 3);
  const std::string folder = QFile::encodeName(goneOn.pretrainedDir).toStdString();
  const auto summary = train::PretrainedWeights::readSummary(folder);
  CHECK(summary.steps == secondAt + 3);
  CHECK(summary.finished);
  CHECK(setup->config().model.pretrained == folder);

  // The newest pretraining finished: nothing is offered.
  answerPretrainDialog(PretrainAnswer::Cancel, &asked);
  w.trigger(QStringLiteral("&Train Model…"));
  clickEnabled(setup->pretrainButton());
  CHECK_FALSE(asked.contains(QStringLiteral("stopped at step")));
}
