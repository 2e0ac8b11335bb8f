#pragma once

#include "recentprojects.h"

#include <QMainWindow>

#include <cstdint>
#include <memory>

class QDockWidget;
class QLabel;
class QMenu;
class QSettings;

namespace spanforge::store {
class Project;
}

namespace spanforge::ui {

class DocumentBrowser;
class DocumentView;
class LabelLegend;
class StatusBarCounts;

// The main window only composes: the document browser (left dock), the label
// legend and document view (centre), the status counts, and the File menu.
// It owns the open project; each area gets the repositories it needs.
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

  store::Project* project() const { return project_.get(); }
  RecentProjects& recentProjects() { return recent_; }
  DocumentBrowser* browser() const { return browser_; }
  DocumentView* documentView() const { return view_; }
  LabelLegend* labelLegend() const { return legend_; }
  StatusBarCounts* statusCounts() const { return counts_; }
  QMenu* recentMenu() const { return recentMenu_; }

 public slots:
  void showDocument(int64_t id);

 protected:
  void closeEvent(QCloseEvent* event) override;

 private:
  void createMenus();
  void rebuildRecentMenu();
  void newProjectDialog();
  void openProjectDialog();
  void showAbout();
  void setProject(std::unique_ptr<store::Project> project);
  void showError(const QString& title, const QString& message);
  void updateTitle();
  QString dialogDirectory() const;

  QSettings& settings_;
  RecentProjects recent_;
  std::unique_ptr<store::Project> project_;

  DocumentBrowser* browser_;
  QDockWidget* browserDock_;
  LabelLegend* legend_;
  QLabel* header_;
  DocumentView* view_;
  StatusBarCounts* counts_;
  QMenu* recentMenu_ = nullptr;
};

}  // namespace spanforge::ui
