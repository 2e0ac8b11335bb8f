#pragma once

#include <QDockWidget>
#include <QList>
#include <QPointer>

class QAction;
class QMainWindow;
class QMenu;

namespace spanforge::ui {

class AlSimulationDialog;
class AutoRetrainer;
class TrainingPanel;

// The Training panel in a dock on the right of the main window (hidden
// until asked for), and the Train menu that opens its pages and starts runs.
class TrainingDock : public QDockWidget {
  Q_OBJECT
 public:
  // `panel` is reparented into the dock.
  TrainingDock(TrainingPanel* panel, QMainWindow* window);

  // Shows the dock, the Dashboard while a run trains, else Setup; the first
  // time with most of the window's width, as plots need room.
  void showTraining();
  // Fills `menu`; returns the actions that need an open project.
  QList<QAction*> fillMenu(QMenu* menu, AutoRetrainer* autoRetrainer);
  // Train > Simulate Active Learning: the dialog (one, kept while it lives)
  // with the open project and the Setup page's config. Null when the Setup
  // page has an error (then it is shown).
  AlSimulationDialog* showSimulation();

 signals:
  void message(const QString& text);

 private:
  void showPage(void (TrainingPanel::*page)());
  // Narrows the document list and sizes the panel so that the editor keeps
  // room, when the editor is squeezed (the dock opens at its size hint).
  void fitBesideEditor();

  TrainingPanel* panel_;
  QMainWindow* window_;
  QPointer<AlSimulationDialog> simulation_;
};

}  // namespace spanforge::ui
