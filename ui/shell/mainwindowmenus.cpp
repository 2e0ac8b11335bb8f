// The main window's menus (MainWindow's other half: menus are long lists of
// actions, kept apart from the project and workspace logic in mainwindow.cpp).
#include "shell/mainwindow.h"

#include "documents/documentbrowser.h"
#include "editor/editorpane.h"
#include "editor/editorshortcuts.h"
#include "editor/helpoverlay.h"
#include "editor/spaneditor.h"
#include "modelloop/combinerulemenu.h"
#include "modelloop/modelloop.h"
#include "project/demoproject.h"
#include "session/annotationsession.h"
#include "shell/trainmenu.h"
#include "shell/workspacestack.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QUndoGroup>

#ifndef SPANFORGE_VERSION
#define SPANFORGE_VERSION "dev"
#endif

namespace spanforge::ui {

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* newAction = file->addAction(tr("&New Project…"), this, &MainWindow::newProjectDialog);
  newAction->setShortcut(QKeySequence::New);
  QAction* open = file->addAction(tr("&Open Project…"), this, &MainWindow::openProjectDialog);
  open->setShortcut(QKeySequence::Open);
  recentMenu_ = file->addMenu(tr("Open &Recent"));
  file->addSeparator();
  projectActions_ << file->addAction(tr("&Import Documents…"), this, &MainWindow::importDialog);
  projectActions_.back()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_I));
  projectActions_ << file->addAction(tr("&Export Documents…"), this, &MainWindow::exportDialog);
  projectActions_.back()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_E));
  file->addSeparator();
  QAction* close = file->addAction(tr("&Close Project"), this, &MainWindow::closeProject);
  close->setShortcut(QKeySequence::Close);
  projectActions_ << close;
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);
  quit->setMenuRole(QAction::QuitRole);
  rebuildRecentMenu();

  QMenu* edit = menuBar()->addMenu(tr("&Edit"));
  undo_ = undoGroup_->createUndoAction(this, tr("&Undo"));
  undo_->setShortcut(QKeySequence::Undo);
  redo_ = undoGroup_->createRedoAction(this, tr("&Redo"));
  redo_->setShortcut(QKeySequence::Redo);
  edit->addAction(undo_);
  edit->addAction(redo_);
  edit->addSeparator();
  QAction* find = edit->addAction(tr("&Find Documents…"), browser_, &DocumentBrowser::focusSearch);
  find->setShortcut(QKeySequence::Find);
  projectActions_ << find;

  createDocumentMenu();

  QMenu* labels = menuBar()->addMenu(tr("&Labels"));
  projectActions_ << labels->addAction(tr("&Manage Labels…"), this, &MainWindow::labelManager);
  projectActions_.back()->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_L));
  projectActions_ << labels->addAction(tr("&Patterns and Term Lists…"), this,
                                       &MainWindow::patternSets);

  projectActions_ << trainMenu_->fill(menuBar()->addMenu(tr("&Train")), autoRetrainer_);
  QMenu* model = modelLoop_->menu();
  menuBar()->addMenu(model);
  // Beside the other ways suggestions are taken, before the ranking's group.
  const QList<QAction*> modelActions = model->actions();
  const qsizetype autoAt = modelActions.indexOf(modelLoop_->autoAcceptAction());
  model->insertMenu(modelActions.value(autoAt + 1),
                    new CombineRuleMenu(modelLoop_->suggestions(), settings_, model));
  projectActions_ << modelLoop_->menu()->addAction(tr("&Export Current Model…"), this,
                                                   &MainWindow::exportCurrentModel);

  QMenu* view = menuBar()->addMenu(tr("&View"));
  view->addActions(workspaces_->workspaceActions());
  view->addSeparator();
  // Another Spanforge or spanforge-cli may change the project file meanwhile.
  projectActions_ << view->addAction(tr("&Reload Project"), this, &MainWindow::reloadProject);
  projectActions_.back()->setShortcut(QKeySequence::Refresh);

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  QAction* keys = help->addAction(tr("&Keyboard Shortcuts"), pane_->help(), &HelpOverlay::toggle);
  keys->setShortcut(EditorShortcuts::help());
  help->addAction(tr("&About Spanforge"), this, &MainWindow::showAbout);
}

// The document actions act on the open document. Their keys work while the
// editor has the focus, so Enter still confirms a search and arrows still
// move in the list; the menu shows them and works from anywhere.
void MainWindow::createDocumentMenu() {
  documentMenu_ = menuBar()->addMenu(tr("&Document"));
  auto add = [this](const QString& text, const QList<QKeySequence>& keys, auto&& slot) {
    QAction* a = documentMenu_->addAction(text, this, slot);
    a->setShortcuts(keys);
    a->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    editor()->addAction(a);
    projectActions_ << a;
    return a;
  };
  using S = text::DocStatus;
  add(tr("&Accept and Next"), EditorShortcuts::acceptAndNext(),
      [this] { finishDocument(S::Accepted); });
  add(tr("&Reject and Next"), {EditorShortcuts::rejectAndNext()},
      [this] { finishDocument(S::Rejected); });
  add(tr("&Ignore and Next"), {EditorShortcuts::ignoreAndNext()},
      [this] { finishDocument(S::Ignored); });
  add(tr("Mark &Unlabelled"), {EditorShortcuts::markUnlabelled()}, [this] {
    if (session_) session_->setStatus(S::Unlabelled);
  });
  documentMenu_->addSeparator();
  add(tr("&Next Document"), {EditorShortcuts::next()}, [this] { finishDocument(std::nullopt); });
  add(tr("&Previous Document"), {EditorShortcuts::previous()}, [this] { previousDocument(); });
}

void MainWindow::rebuildRecentMenu() {
  recentMenu_->clear();
  const QStringList paths = recent_.paths();
  for (int i = 0; i < paths.size(); ++i) {
    const QFileInfo info(paths[i]);
    QAction* a = recentMenu_->addAction(
        QStringLiteral("&%1  %2  (%3)")
            .arg(i + 1)
            .arg(info.fileName(), QDir::toNativeSeparators(info.absolutePath())));
    const QString path = paths[i];
    connect(a, &QAction::triggered, this, [this, path] { openProject(path); });
  }
  if (!paths.isEmpty()) {
    recentMenu_->addSeparator();
    recentMenu_->addAction(tr("Clear Menu"), this, [this] {
      recent_.clear();
      rebuildRecentMenu();
    });
  }
  recentMenu_->setEnabled(!paths.isEmpty());
}

void MainWindow::showAbout() {
  QMessageBox::about(
      this, tr("About Spanforge"),
      tr("<h3>Spanforge %1</h3><p>Label entity spans, train a named-entity model and review "
         "what it is least sure about, on one desktop, offline.</p>"
         "<p>Licensed under the GNU GPL, version 3 or later.</p><p><small>%2</small></p>")
          .arg(QStringLiteral(SPANFORGE_VERSION),
               QString::fromUtf8(project::demoAttribution()).toHtmlEscaped()));
}

}  // namespace spanforge::ui
