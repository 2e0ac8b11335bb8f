#include "shell/trainingdock.h"

#include "modelloop/autoretrainer.h"
#include "training/setup/trainingsetup.h"
#include "training/simulation/alsimulationdialog.h"
#include "training/trainingpanel.h"
#include "training/trainingsession.h"

#include <QAction>
#include <QDockWidget>
#include <QMainWindow>
#include <QMenu>
#include <QTimer>

#include <algorithm>

namespace spanforge::ui {

TrainingDock::TrainingDock(TrainingPanel* panel, QMainWindow* window)
    : QDockWidget(tr("Training"), window), panel_(panel), window_(window) {
  setObjectName(QStringLiteral("trainingDock"));  // for saveState
  setWidget(panel_);
  window->addDockWidget(Qt::RightDockWidgetArea, this);
  hide();  // until Train > Train Model
}

void TrainingDock::showTraining() {
  show();
  raise();
  // After the window has laid the dock out.
  QTimer::singleShot(0, this, &TrainingDock::fitBesideEditor);
  if (panel_->isTraining())
    panel_->showDashboard();
  else
    panel_->showSetup();
}

void TrainingDock::fitBesideEditor() {
  QWidget* editor = window_->centralWidget();
  const int w = window_->width();
  if (isFloating() || !isVisible() || !editor ||
      (editor->width() >= w * 3 / 10 && width() >= w / 3))
    return;
  // Room for the editor too (labelling goes on while a model trains): the
  // document list narrows to a fifth of the window, the panel takes 55% of the rest.
  QList<QDockWidget*> docks{this};
  QList<int> widths{(w - w / 5) * 55 / 100};
  for (QDockWidget* d : window_->findChildren<QDockWidget*>())
    if (d != this && d->isVisible() && !d->isFloating() &&
        window_->dockWidgetArea(d) == Qt::LeftDockWidgetArea) {
      docks << d;
      widths << std::min(d->width(), std::max(240, w / 5));
    }
  window_->resizeDocks(docks, widths, Qt::Horizontal);
}

void TrainingDock::showPage(void (TrainingPanel::*page)()) {
  show();
  raise();
  (panel_->*page)();
}

QList<QAction*> TrainingDock::fillMenu(QMenu* menu, AutoRetrainer* autoRetrainer) {
  QList<QAction*> needProject;
  needProject << menu->addAction(tr("&Train Model…"), this, &TrainingDock::showTraining);
  needProject.back()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_T));
  needProject << menu->addAction(tr("&Pretrain on Unlabelled Documents"), this, [this] {
    showTraining();
    if (!panel_->pretrain())
      emit message(
          tr("Pretraining cannot start now: a run is going, or the Setup page has an "
             "error."));
  });
  needProject << menu->addAction(tr("&Stop Training"), panel_, &TrainingPanel::stop);
  needProject << menu->addAction(tr("Simulate &Active Learning…"), this,
                                 &TrainingDock::showSimulation);
  menu->addSeparator();
  needProject << menu->addAction(tr("&Dashboard"), this,
                                 [this] { showPage(&TrainingPanel::showDashboard); });
  // Runs: re-open, compare, export the model or metrics, "Use This Model".
  needProject << menu->addAction(tr("&Runs and Models…"), this,
                                 [this] { showPage(&TrainingPanel::showRuns); });
  menu->addSeparator();
  menu->addAction(autoRetrainer->enableAction());
  menu->addAction(autoRetrainer->everyAction());
  return needProject;
}

AlSimulationDialog* TrainingDock::showSimulation() {
  const QString error = panel_->setup()->validationError();
  if (!error.isEmpty()) {
    showPage(&TrainingPanel::showSetup);
    emit message(tr("The simulation trains with the Setup page's settings: %1").arg(error));
    return nullptr;
  }
  if (!simulation_) simulation_ = new AlSimulationDialog(window_);
  simulation_->setProject(panel_->session()->projectPath(), panel_->setup()->config());
  simulation_->show();
  simulation_->raise();
  simulation_->activateWindow();
  return simulation_;
}

}  // namespace spanforge::ui
