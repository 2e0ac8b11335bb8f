#pragma once

#include "shell/workspace.h"

#include <QList>
#include <QObject>
#include <QPointer>

class QAction;
class QMenu;
class QWidget;

namespace spanforge::ui {

class AlSimulationDialog;
class AutoRetrainer;
class TrainingPanel;

// The Train menu: it opens the Train and Runs workspaces' pages (through
// workspaceRequested) and starts runs, pretraining and the AL simulation.
class TrainMenu : public QObject {
  Q_OBJECT

 public:
  TrainMenu(TrainingPanel* panel, QWidget* window);

  // Fills `menu`; returns the actions that need an open project.
  QList<QAction*> fill(QMenu* menu, AutoRetrainer* autoRetrainer);
  // Train > Simulate Active Learning: the dialog (one, kept while it lives)
  // with the open project and the Setup page's config. Null when the Setup
  // page has an error (then it is shown).
  AlSimulationDialog* showSimulation();

 public slots:
  // The Train workspace, on the Dashboard while a run trains, else on Setup.
  void showTraining();

 signals:
  void workspaceRequested(spanforge::ui::Workspace workspace);
  void message(const QString& text);

 private:
  void showPage(void (TrainingPanel::*page)());

  TrainingPanel* panel_;
  QWidget* window_;
  QPointer<AlSimulationDialog> simulation_;
};

}  // namespace spanforge::ui
