#pragma once

#include "shell/workspace.h"

#include <QWidget>

#include <map>

class QAction;
class QActionGroup;
class QStackedWidget;
class QToolButton;
class QVBoxLayout;

namespace spanforge::ui {

// The mode bar down the window's left edge and the workspace it shows, one
// at a time and full size (no docks that share the width). Each workspace has
// a checkable action with a key (Ctrl+1 for the first), for the View menu.
class WorkspaceStack : public QWidget {
  Q_OBJECT

 public:
  explicit WorkspaceStack(QWidget* parent = nullptr);

  // Adds `page` (reparented) with its mode button; the first one added is shown.
  void addWorkspace(Workspace workspace, const QString& title, const QString& tip, QWidget* page);
  Workspace current() const { return current_; }
  QWidget* page(Workspace workspace) const;
  QAction* action(Workspace workspace) const;
  // Its button on the mode bar.
  QToolButton* button(Workspace workspace) const;
  QList<QAction*> workspaceActions() const;

 public slots:
  void setCurrent(spanforge::ui::Workspace workspace);

 signals:
  // Before the page shows (the window moves the shared editor in here).
  void aboutToShow(spanforge::ui::Workspace workspace);
  void currentChanged(spanforge::ui::Workspace workspace);

 private:
  struct Entry {
    QWidget* page = nullptr;
    QAction* action = nullptr;
    QToolButton* button = nullptr;
  };
  QWidget* bar_;
  QVBoxLayout* buttons_;
  QStackedWidget* stack_;
  QActionGroup* group_;
  std::map<Workspace, Entry> entries_;
  Workspace current_ = Workspace::Annotate;
};

}  // namespace spanforge::ui
