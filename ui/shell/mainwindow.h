#pragma once

#include "shell/lastdocuments.h"
#include "shell/recentprojects.h"
#include "shell/workspace.h"
#include "text/document.h"

#include <QMainWindow>

#include <cstdint>
#include <memory>
#include <optional>

class QAction;
class QMenu;
class QSettings;
class QUndoGroup;

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::ui {

class AnnotationSession;
class DataFixPrompt;
class AutoRetrainer;
class DocumentBrowser;
class EditorPane;
class LabelLegend;
class ModelLoop;
class ModelTrust;
class SpanEditor;
class StatusBarCounts;
class SplitWorkspace;
class TrainMenu;
class TrainingPanel;
class WorkspaceStack;

// The main window only composes (menus in mainwindowmenus.cpp): the workspaces (Annotate: the
// document browser and the editor pane; Train; Review: the queue and the same editor pane;
// Evaluate; Runs), the status counts and the menus. It owns the open project and its annotation
// session, and moves between documents (accept / reject / ignore and next, skip).
class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  // settings: where geometry and recent projects live (injected so tests do
  // not touch the user's settings).
  explicit MainWindow(QSettings& settings, QWidget* parent = nullptr);
  ~MainWindow() override;

  // Opens a project file; on failure shows the error and keeps the current one.
  bool openProject(const QString& path);
  // Creates an empty project and opens it.
  bool createProject(const QString& path);
  void closeProject();

  store::ProjectStore* project() const { return project_.get(); }
  AnnotationSession* session() const { return session_.get(); }
  RecentProjects& recentProjects() { return recent_; }
  DocumentBrowser* browser() const { return browser_; }
  EditorPane* editorPane() const { return pane_; }
  SpanEditor* editor() const;
  LabelLegend* labelLegend() const;
  StatusBarCounts* statusCounts() const { return counts_; }
  QMenu* recentMenu() const { return recentMenu_; }
  QAction* undoAction() const { return undo_; }
  QAction* redoAction() const { return redo_; }
  TrainingPanel* trainingPanel() const { return trainingPanel_; }
  TrainMenu* trainMenu() const { return trainMenu_; }
  WorkspaceStack* workspaces() const { return workspaces_; }
  Workspace workspace() const;
  // Whether the settings had a window geometry (false on the first run).
  bool hasSavedGeometry() const { return savedGeometry_; }
  // Shows the window on a screen whose available geometry is `available`:
  // as it was left, kept inside that screen (a geometry saved on a larger
  // screen is maximized rather than left hanging off this one), else
  // maximized on a small screen and 4/5 of a large one, centred.
  void showOnScreen(const QRect& available);
  // Suggestions, pool ranking, review queue and evaluation (the Model menu).
  ModelLoop* modelLoop() const { return modelLoop_; }
  // Whether the project's current model may be loaded (asks the user).
  ModelTrust* modelTrust() const { return trust_.get(); }
  // Retraining after every N accepted documents (the Train menu).
  AutoRetrainer* autoRetrainer() const { return autoRetrainer_; }

 public slots:
  void showDocument(int64_t id);
  // Sets the open document's status (none: keep it) and opens the next one
  // in the browser's order and filter.
  void finishDocument(std::optional<text::DocStatus> status);
  void previousDocument();
  void importDialog();
  void exportDialog();
  void labelManager();
  void patternSets();
  // Model > Export Current Model: the Runs page's export, for the current model.
  void exportCurrentModel();
  // The Train workspace, on Setup (on the Dashboard while a run trains).
  void showTraining();
  void setWorkspace(spanforge::ui::Workspace workspace);

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void createWorkspaces();
  void createMenus();
  void createDocumentMenu();
  void rebuildRecentMenu();
  void newProjectDialog();
  void openProjectDialog();
  void showAbout();
  void setProject(std::unique_ptr<store::ProjectStore> project);
  void connectSession();
  // Keeps the open document for the project's next opening.
  void rememberDocument();
  void reveal(int64_t id);
  void afterImport();
  // Re-reads labels, counts, the list and the open document: what another
  // process wrote to the project since it was opened.
  void reloadProject();
  void showError(const QString& title, const QString& message);
  void updateTitle();
  void updateActions();
  QString dialogDirectory() const;

  QSettings& settings_;
  RecentProjects recent_;
  LastDocuments lastDocuments_;
  std::unique_ptr<ModelTrust> trust_;
  std::unique_ptr<store::ProjectStore> project_;
  std::unique_ptr<AnnotationSession> session_;
  QUndoGroup* undoGroup_;

  DocumentBrowser* browser_;
  TrainingPanel* trainingPanel_;
  TrainMenu* trainMenu_;
  DataFixPrompt* dataFix_;
  bool savedGeometry_ = false;
  EditorPane* pane_;
  StatusBarCounts* counts_;
  WorkspaceStack* workspaces_;
  SplitWorkspace* annotate_ = nullptr;
  SplitWorkspace* review_ = nullptr;
  QMenu* recentMenu_ = nullptr;
  QMenu* documentMenu_ = nullptr;
  QAction* undo_ = nullptr;
  QAction* redo_ = nullptr;
  QList<QAction*> projectActions_;  // enabled only with a project open
  ModelLoop* modelLoop_ = nullptr;
  AutoRetrainer* autoRetrainer_ = nullptr;
};

}  // namespace spanforge::ui
