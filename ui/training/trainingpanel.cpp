#include "training/trainingpanel.h"

#include "store/projectstore.h"
#include "train/config/tomlconfig.h"
#include "training/dashboard/trainingdashboard.h"
#include "training/pretraindialog.h"
#include "training/runs/runhistory.h"
#include "training/setup/datacheckview.h"
#include "training/setup/pretrainedchooser.h"
#include "training/setup/trainingsetup.h"
#include "training/trainingsession.h"

#include <QTabWidget>
#include <QVBoxLayout>

#include <cmath>
#include <exception>
#include <optional>

namespace spanforge::ui {

TrainingPanel::TrainingPanel(std::vector<train::CudaDeviceInfo> gpus, QWidget* parent)
    : QWidget(parent),
      session_(new TrainingSession(this)),
      setup_(new TrainingSetup(std::move(gpus), this)),
      dashboard_(new TrainingDashboard(this)),
      runs_(new RunHistory(this)),  // the window gives it a workspace of its own
      tabs_(new QTabWidget(this)) {
  tabs_->addTab(setup_, tr("Setup"));
  tabs_->addTab(dashboard_, tr("Dashboard"));
  tabs_->setDocumentMode(true);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(tabs_);

  connect(setup_, &TrainingSetup::checkRequested, this, &TrainingPanel::checkData);
  connect(setup_->checks(), &DataCheckView::fixRequested, this, &TrainingPanel::fixDataRequested);
  connect(setup_, &TrainingSetup::trainRequested, this, &TrainingPanel::train);
  connect(setup_, &TrainingSetup::pretrainRequested, this, &TrainingPanel::requestPretrain);
  connect(setup_, &TrainingSetup::confirmed, this, &TrainingPanel::startTraining);
  connect(session_, &TrainingSession::checked, this, &TrainingPanel::onChecked);
  connect(session_, &TrainingSession::started, this, &TrainingPanel::onStarted);
  connect(session_, &TrainingSession::stepped, dashboard_, &TrainingDashboard::addSteps);
  connect(session_, &TrainingSession::evaluated, dashboard_, &TrainingDashboard::addEvaluation);
  connect(session_, &TrainingSession::batchSizeChosen, dashboard_,
          &TrainingDashboard::showBatchSize);
  connect(session_, &TrainingSession::finished, this, &TrainingPanel::onFinished);
  connect(dashboard_, &TrainingDashboard::stopRequested, this, &TrainingPanel::stop);
  connect(runs_, &RunHistory::showRequested, this, &TrainingPanel::showStoredRun);
  connect(runs_, &RunHistory::compareRequested, this, &TrainingPanel::compareRun);
  connect(runs_, &RunHistory::currentModelChanged, this, &TrainingPanel::currentModelChanged);
  connect(runs_, &RunHistory::currentModelChanged, dashboard_,
          &TrainingDashboard::modelBecameCurrent);
  connect(dashboard_, &TrainingDashboard::useModelRequested, this,
          [this](qint64 id) { useModel(id); });
  setProject(nullptr);
}

TrainingPanel::~TrainingPanel() = default;

bool TrainingPanel::isTraining() const { return session_->isTraining(); }
bool TrainingPanel::isBusy() const { return session_->isTraining() || session_->isChecking(); }

void TrainingPanel::setProject(store::ProjectStore* project) {
  project_ = project;
  unattended_ = false;
  resumeFrom_.clear();
  const QString path = project ? QString::fromStdString(project->path()) : QString();
  session_->setProjectPath(path);
  setup_->setProjectPath(path);
  runs_->setProject(project);
  dashboard_->clear();
  setup_->setState(TrainingSetup::State::Idle);
  setEnabled(project != nullptr);
  if (!project) return;
  try {
    store::DocumentFilter dev;
    dev.status = text::DocStatus::Accepted;
    dev.split = store::Split::Dev;
    setup_->setMarkedDev(project->documents().count(dev));
  } catch (const std::exception&) {
    setup_->setMarkedDev(0);  // the dev set is then decided (and explained) by the checks
  }
  loadLastConfig();
}

// Start from the settings of the project's last run: people iterate on them.
void TrainingPanel::loadLastConfig() {
  try {
    const auto runs = project_->runs().runs();
    if (!runs.empty()) setup_->setConfig(train::fromToml(runs.back().configToml, "last run"));
  } catch (const std::exception&) {
    // An unreadable old config: keep the defaults.
  }
}

void TrainingPanel::showSetup() { tabs_->setCurrentWidget(setup_); }
void TrainingPanel::showDashboard() { tabs_->setCurrentWidget(dashboard_); }

bool TrainingPanel::checkData() {
  if (!project_ || isBusy()) return false;
  wantsTraining_ = false;
  unattended_ = false;
  setup_->setState(TrainingSetup::State::Checking);
  session_->check(setup_->config(), setup_->devFile());
  return true;
}

void TrainingPanel::train() {
  if (!project_ || isTraining() || !setup_->validationError().isEmpty()) return;
  wantsTraining_ = true;
  unattended_ = false;
  resumeFrom_.clear();
  setup_->setState(TrainingSetup::State::Checking);
  session_->check(setup_->config(), setup_->devFile());
}

bool TrainingPanel::retrain(const QString& resumeFrom) {
  if (!project_ || isBusy() || !setup_->validationError().isEmpty()) return false;
  wantsTraining_ = false;
  unattended_ = true;
  resumeFrom_ = resumeFrom;
  setup_->setState(TrainingSetup::State::Checking);
  session_->check(setup_->config(), setup_->devFile());
  return true;
}

bool TrainingPanel::pretrain(const QString& resumeFolder) {
  if (!project_ || isBusy() || !setup_->validationError().isEmpty()) return false;
  setup_->setState(TrainingSetup::State::Training);
  session_->pretrain(setup_->config(), resumeFolder);
  return true;
}

bool TrainingPanel::requestPretrain() {
  if (!project_ || isBusy() || !setup_->validationError().isEmpty()) return false;
  const train::TrainConfig config = setup_->config();
  int64_t documents = 0;
  double perStep = 0.0;
  QString from;
  std::optional<StoppedPretraining> stopped;
  try {
    stopped = StoppedPretraining::find(*project_, session_->projectPath(), config);
    store::DocumentFilter test;
    test.split = store::Split::Test;
    documents = project_->documents().count({}) - project_->documents().count(test);
    // The pace of the newest pretraining. Not a labelled training's: a
    // pretraining step predicts characters of every blanked word through a far
    // wider output layer (issue #66: 57,020 words/s promised, 4,700 run).
    const auto runs = project_->runs().runs();
    for (auto r = runs.rbegin(); r != runs.rend() && from.isEmpty(); ++r) {
      if (r->kind != store::RunRecord::kPretrainRun) continue;
      const auto events = project_->runs().events(r->id);
      if (events.empty() || events.back().step <= 0 || events.back().elapsedSeconds <= 0) continue;
      const store::MetricEvent& last = events.back();
      perStep = last.elapsedSeconds / static_cast<double>(last.step);
      from = tr("pretraining run %1").arg(r->id);
    }
  } catch (const std::exception&) {
    // The dialog then says what it can.
  }
  PretrainDialog dialog(config.pretraining, documents, perStep, from, stopped, this);
  if (dialog.exec() != QDialog::Accepted) return true;  // declined: nothing to report
  return pretrain(dialog.resumeChosen() ? stopped->folder : QString());
}

bool TrainingPanel::useModel(int64_t modelId) { return runs_->useModel(modelId); }

void TrainingPanel::onChecked(const DataCheckOutcome& result) {
  if (unattended_) {
    // Nobody is there to click Train Anyway: warnings stay on the Data
    // checks page and the run goes on; only a blocking problem ends it.
    unattended_ = false;
    setup_->showCheck(result, false);
    if (result.blocking.isEmpty()) return startTraining();
    TrainingOutcome outcome;
    outcome.finished.reason = train::FinishReason::Failed;
    outcome.failure = result.blocking;
    resumeFrom_.clear();
    emit trainingFinished(outcome);
    return;
  }
  const bool go = wantsTraining_ && result.blocking.isEmpty() && result.warningCount() == 0;
  setup_->showCheck(result, wantsTraining_);
  wantsTraining_ = false;
  if (go) startTraining();
}

void TrainingPanel::startTraining() {
  if (!project_ || isTraining()) return;
  setup_->setState(TrainingSetup::State::Training);
  session_->start(setup_->config(), setup_->devFile(), resumeFrom_);
  resumeFrom_.clear();
}

void TrainingPanel::stop() { session_->stop(); }

void TrainingPanel::onStarted(const TrainingStart& start) {
  dashboard_->startLive(start);
  runs_->setLiveRun(start.runId);
  runs_->reload();
  showDashboard();
  emit message(tr("Training run %1 started.").arg(start.runId));
}

void TrainingPanel::onFinished(const TrainingOutcome& outcome) {
  dashboard_->finishLive(outcome);
  setup_->setState(TrainingSetup::State::Idle);
  runs_->setLiveRun(0);
  runs_->reload();
  if (outcome.runId) runs_->selectRun(outcome.runId);
  if (outcome.runId == 0) showDashboard();  // the error banner says why it did not start
  const bool pretrained = !outcome.pretrainedDir.isEmpty() && outcome.failure.isEmpty() &&
                          outcome.finished.reason != train::FinishReason::Cancelled;
  if (pretrained) {
    setup_->pretrained()->setFolder(outcome.pretrainedDir);
    emit message(tr("Pretraining run %1 ended: new models start from its weights (Setup > Start "
                    "from).")
                     .arg(outcome.runId));
  } else if (!outcome.pretrainedDir.isEmpty() && outcome.failure.isEmpty()) {
    emit message(tr("Pretraining run %1 stopped: its weights are kept on the Runs page, but "
                    "new models still start as before.")
                     .arg(outcome.runId));
  } else {
    emit message(outcome.failure.isEmpty() ? tr("Training run %1 ended.").arg(outcome.runId)
                                           : tr("Training failed: %1").arg(outcome.failure));
  }
  offerModel(outcome);  // after the message above: its own says more
  emit trainingFinished(outcome);
}

// A run's model becomes the current one when there is none (so suggestions
// start at once); else the Dashboard offers it.
void TrainingPanel::offerModel(const TrainingOutcome& outcome) {
  if (!project_ || !outcome.modelId || !outcome.failure.isEmpty() ||
      !outcome.pretrainedDir.isEmpty())
    return;
  std::optional<int64_t> current;
  try {
    if (const auto model = project_->runs().currentModel()) current = model->id;
  } catch (const std::exception&) {
    return;  // unreadable: leave the choice to Runs
  }
  if (!current && useModel(*outcome.modelId))
    emit message(tr("Run %1's model is now the project's current model: it suggests and ranks.")
                     .arg(outcome.runId));
  else if (current != outcome.modelId)
    dashboard_->offerModel(*outcome.modelId);
}

void TrainingPanel::showStoredRun(int64_t runId) {
  if (!project_ || !runId || dashboard_->isLive()) {
    if (dashboard_->isLive()) emit message(tr("A run is training: stop it to show another."));
    return;
  }
  try {
    const auto run = project_->runs().run(runId);
    if (!run) return;
    dashboard_->showRun(*run, project_->runs().events(runId));
    showDashboard();
    emit dashboardRequested();
  } catch (const std::exception& e) {
    emit message(tr("Cannot read run %1: %2").arg(runId).arg(QString::fromStdString(e.what())));
  }
}

void TrainingPanel::compareRun(int64_t runId) {
  if (!project_ || !runId) return;
  try {
    const auto run = project_->runs().run(runId);
    if (!run) return;
    dashboard_->compareWith(*run, project_->runs().events(runId));
    showDashboard();
    emit dashboardRequested();
  } catch (const std::exception& e) {
    emit message(tr("Cannot read run %1: %2").arg(runId).arg(QString::fromStdString(e.what())));
  }
}

}  // namespace spanforge::ui
