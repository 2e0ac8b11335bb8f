#include "shell/trainmenu.h"

#include "modelloop/autoretrainer.h"
#include "training/runs/runhistory.h"
#include "training/runs/runlistmodel.h"
#include "training/setup/trainingsetup.h"
#include "training/simulation/alsimulationdialog.h"
#include "training/simulation/alsimulationform.h"
#include "training/trainingpanel.h"
#include "training/trainingsession.h"

#include <QAction>
#include <QMenu>

namespace spanforge::ui {

TrainMenu::TrainMenu(TrainingPanel* panel, QWidget* window)
    : QObject(window), panel_(panel), window_(window) {}

void TrainMenu::showTraining() {
  showPage(panel_->isTraining() ? &TrainingPanel::showDashboard : &TrainingPanel::showSetup);
}

void TrainMenu::showPage(void (TrainingPanel::*page)()) {
  emit workspaceRequested(Workspace::Train);
  (panel_->*page)();
}

QList<QAction*> TrainMenu::fill(QMenu* menu, AutoRetrainer* autoRetrainer) {
  QList<QAction*> needProject;
  needProject << menu->addAction(tr("&Train Model…"), this, &TrainMenu::showTraining);
  needProject.back()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
  needProject << menu->addAction(tr("&Pretrain on Unlabelled Documents"), this, [this] {
    showTraining();
    if (!panel_->requestPretrain())
      emit message(
          tr("Pretraining cannot start now: a run is going, or the Setup page has an "
             "error."));
  });
  needProject << menu->addAction(tr("&Stop Training"), panel_, &TrainingPanel::stop);
  needProject << menu->addAction(tr("Simulate &Active Learning…"), this,
                                 &TrainMenu::showSimulation);
  menu->addSeparator();
  needProject << menu->addAction(tr("&Dashboard"), this,
                                 [this] { showPage(&TrainingPanel::showDashboard); });
  // Runs: re-open, compare, export the model or metrics, "Use This Model".
  needProject << menu->addAction(tr("&Runs and Models…"), this,
                                 [this] { emit workspaceRequested(Workspace::Runs); });
  menu->addSeparator();
  menu->addAction(autoRetrainer->enableAction());
  menu->addAction(autoRetrainer->everyAction());
  menu->addAction(autoRetrainer->fromScratchAction());
  return needProject;
}

AlSimulationDialog* TrainMenu::showSimulation() {
  const QString error = panel_->setup()->validationError();
  if (!error.isEmpty()) {
    showPage(&TrainingPanel::showSetup);
    emit message(tr("The simulation trains with the Setup page's settings: %1").arg(error));
    return nullptr;
  }
  if (!simulation_) simulation_ = new AlSimulationDialog(window_);
  simulation_->setProject(panel_->session()->projectPath(), panel_->setup()->config());
  // Its time, estimated from the newest training run that ended (newest first).
  const RunListModel* runs = panel_->runs()->model();
  for (int row = 0; row < runs->rowCount(); ++row) {
    const store::RunRecord& r = runs->run(row);
    if (r.kind != store::RunRecord::kTrainRun || r.finishedAt <= r.startedAt ||
        (r.state != store::RunState::Finished && r.state != store::RunState::Stopped))
      continue;
    simulation_->form()->setPace(static_cast<double>(r.finishedAt - r.startedAt), r.id);
    break;
  }
  simulation_->show();
  simulation_->raise();
  simulation_->activateWindow();
  return simulation_;
}

}  // namespace spanforge::ui
