#include "shell/mainwindow.h"

#include "common/nativepath.h"
#include "common/savedirectory.h"
#include "documents/documentbrowser.h"
#include "documents/documentlistmodel.h"
#include "editor/editorpane.h"
#include "editor/spaneditor.h"
#include "interchange/exportdialog.h"
#include "interchange/importdialog.h"
#include "modelloop/autoretrainer.h"
#include "modelloop/evaluation/evaluationview.h"
#include "modelloop/modelloop.h"
#include "modelloop/modeltoolbar.h"
#include "modelloop/modeltrust.h"
#include "modelloop/review/reviewqueueview.h"
#include "modelloop/suggestioncontroller.h"
#include "patternsets/patternsetsdialog.h"
#include "session/annotationsession.h"
#include "shell/datafixprompt.h"
#include "shell/labelmanagerdialog.h"
#include "shell/splitworkspace.h"
#include "shell/statusbarcounts.h"
#include "shell/trainmenu.h"
#include "shell/workspacestack.h"
#include "store/projectstore.h"
#include "train/device/cudadevices.h"
#include "training/runs/runhistory.h"
#include "training/trainingpanel.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QListView>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QUndoGroup>
#include <QUndoStack>

#include <algorithm>
#include <exception>

namespace spanforge::ui {

namespace {
const char* const kGeometryKey = "mainWindow/geometry";
const char* const kWorkspaceKey = "mainWindow/workspace";
const char* const kLastDirKey = "mainWindow/lastDirectory";
const char* const kFileFilter = QT_TRANSLATE_NOOP("MainWindow", "Spanforge projects (*.spanforge)");
constexpr int kMessageMs = 6000;

}  // namespace

MainWindow::MainWindow(QSettings& settings, QWidget* parent)
    : QMainWindow(parent),
      settings_(settings),
      recent_(settings),
      lastDocuments_(settings),
      trust_(std::make_unique<ModelTrust>(settings, this)),
      undoGroup_(new QUndoGroup(this)),
      browser_(new DocumentBrowser(this)),
      trainingPanel_(new TrainingPanel(train::CudaDevices::list(), this)),
      trainMenu_(new TrainMenu(trainingPanel_, this)),
      dataFix_(new DataFixPrompt(trainingPanel_, this)),
      pane_(new EditorPane(this)),
      counts_(new StatusBarCounts(this)),
      workspaces_(new WorkspaceStack(this)) {
  connect(trainingPanel_, &TrainingPanel::message, this,
          [this](const QString& text) { statusBar()->showMessage(text, kMessageMs); });
  connect(trainingPanel_, &TrainingPanel::fixDataRequested, dataFix_, &DataFixPrompt::run);
  connect(trainMenu_, &TrainMenu::message, this,
          [this](const QString& text) { statusBar()->showMessage(text, kMessageMs); });
  // Messages on the left, the counts always visible on the right.
  statusBar()->addPermanentWidget(counts_);

  modelLoop_ = new ModelLoop(this, pane_->editor(), browser_);
  modelLoop_->setTrust(trust_.get());
  connect(modelLoop_, &ModelLoop::documentRequested, this, &MainWindow::reveal);
  connect(modelLoop_, &ModelLoop::message, this,
          [this](const QString& text) { statusBar()->showMessage(text, kMessageMs); });
  connect(trainingPanel_, &TrainingPanel::currentModelChanged, modelLoop_, &ModelLoop::reloadModel);
  autoRetrainer_ = new AutoRetrainer(trainingPanel_, modelLoop_, settings_, this);
  connect(autoRetrainer_, &AutoRetrainer::message, this,
          [this](const QString& text) { statusBar()->showMessage(text, kMessageMs); });

  createWorkspaces();
  createMenus();
  connect(browser_, &DocumentBrowser::documentActivated, this, &MainWindow::showDocument);
  // A click (or Enter) on a row hands the keyboard to the editor, so label
  // keys go there; arrow keys in the list keep browsing.
  for (auto signal : {&QAbstractItemView::clicked, &QAbstractItemView::activated})
    connect(browser_->listView(), signal, this,
            [this] { editor()->setFocus(Qt::OtherFocusReason); });
  // Queued: the model reports errors from inside view updates, where a modal
  // dialog must not start.
  connect(
      browser_, &DocumentBrowser::errorOccurred, this,
      [this](const QString& message) { showError(tr("Cannot read the documents"), message); },
      Qt::QueuedConnection);
  connect(pane_, &EditorPane::message, this,
          [this](const QString& text) { statusBar()->showMessage(text, kMessageMs); });
  connect(browser_, &DocumentBrowser::messageRequested, this,
          [this](const QString& text) { statusBar()->showMessage(text, kMessageMs); });

  resize(1200, 780);
  savedGeometry_ = restoreGeometry(settings_.value(kGeometryKey).toByteArray());
  const int last = settings_.value(kWorkspaceKey, 0).toInt();
  if (last >= 0 && last <= static_cast<int>(Workspace::Runs))
    setWorkspace(static_cast<Workspace>(last));
  setProject(nullptr);
}

void MainWindow::showOnScreen(const QRect& available) {
  // Maximized, and first sized to the screen: without a window manager (or
  // before it acts) a maximize request alone leaves the window as it was.
  const auto fill = [this, &available] {
    resize(available.size());
    move(available.topLeft());
    showMaximized();
  };
  if (!savedGeometry_) {
    if (available.width() < 1600 || available.height() < 1000) {
      fill();
    } else {
      resize(available.size() * 4 / 5);
      move(available.center() - rect().center());
      show();
    }
    return;
  }
  if (isMaximized() || windowState().testFlag(Qt::WindowMaximized)) {
    show();
    return;
  }
  // Saved on another screen: too large for this one, or off it. Shown first,
  // so that the frame around it counts.
  show();
  const QRect f = frameGeometry();
  if (f.width() > available.width() || f.height() > available.height()) {
    fill();
    return;
  }
  move(std::clamp(f.x(), available.left(), available.right() - f.width() + 1),
       std::clamp(f.y(), available.top(), available.bottom() - f.height() + 1));
}

MainWindow::~MainWindow() {
  // The views point into the session and the project: detach them first.
  autoRetrainer_->setSession(nullptr);
  modelLoop_->setSession(nullptr);
  trainingPanel_->setProject(nullptr);
  pane_->setSession(nullptr);
  session_.reset();
  browser_->setSource(nullptr, {}, {});
}

SpanEditor* MainWindow::editor() const { return pane_->editor(); }
LabelLegend* MainWindow::labelLegend() const { return pane_->legend(); }

void MainWindow::createWorkspaces() {
  setCentralWidget(workspaces_);
  annotate_ = new SplitWorkspace(browser_, 300, 3, workspaces_);
  annotate_->takeEditor(pane_);
  review_ = new SplitWorkspace(modelLoop_->reviewQueue(), 560, 2, workspaces_);
  workspaces_->addWorkspace(Workspace::Annotate, tr("&Annotate"),
                            tr("The documents and the editor: label spans, accept suggestions"),
                            annotate_);
  workspaces_->addWorkspace(Workspace::Train, tr("&Train"),
                            tr("Set up a training run and watch it learn"), trainingPanel_);
  workspaces_->addWorkspace(Workspace::Review, tr("&Review"),
                            tr("The model's predictions across the project, least sure first, "
                               "beside the editor"),
                            review_);
  workspaces_->addWorkspace(Workspace::Evaluate, tr("&Evaluate"),
                            tr("The current model scored on the dev documents"),
                            modelLoop_->evaluation());
  workspaces_->addWorkspace(Workspace::Runs, tr("R&uns"),
                            tr("Every training run: compare, export, use its model"),
                            trainingPanel_->runs());
  connect(workspaces_, &WorkspaceStack::aboutToShow, this, [this](Workspace w) {
    // One editor serves the workspaces that label.
    if (w == Workspace::Annotate) annotate_->takeEditor(pane_);
    if (w == Workspace::Review) review_->takeEditor(pane_);
    // The model toolbar acts on the open document and the pool.
    modelLoop_->toolBar()->setVisible(w == Workspace::Annotate || w == Workspace::Review);
  });
  connect(workspaces_, &WorkspaceStack::currentChanged, this, [this](Workspace w) {
    if (w == Workspace::Review) modelLoop_->reviewQueue()->reload();
  });
  connect(trainMenu_, &TrainMenu::workspaceRequested, workspaces_, &WorkspaceStack::setCurrent);
  connect(trainingPanel_, &TrainingPanel::dashboardRequested, this,
          [this] { workspaces_->setCurrent(Workspace::Train); });
  // An export started from the Model menu ends where Runs may be out of sight.
  connect(trainingPanel_->runs(), &RunHistory::exportFinished, this, [this](const QString& error) {
    statusBar()->showMessage(error.isEmpty() ? trainingPanel_->runs()->messageText() : error,
                             kMessageMs);
  });
}

void MainWindow::setWorkspace(Workspace workspace) { workspaces_->setCurrent(workspace); }

Workspace MainWindow::workspace() const { return workspaces_->current(); }

void MainWindow::showTraining() {
  if (project_) trainMenu_->showTraining();
}

QString MainWindow::dialogDirectory() const {
  const QString last = settings_.value(kLastDirKey).toString();
  if (!last.isEmpty() && QFileInfo(last).isDir()) return last;
  return SaveDirectory::initial(project_ ? QString::fromStdString(project_->path()) : QString());
}

void MainWindow::newProjectDialog() {
  QString path = QFileDialog::getSaveFileName(
      this, tr("New Project"), dialogDirectory() + QStringLiteral("/untitled.spanforge"),
      tr(kFileFilter), nullptr, QFileDialog::DontConfirmOverwrite);
  if (path.isEmpty()) return;
  if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".spanforge");
  settings_.setValue(kLastDirKey, QFileInfo(path).absolutePath());
  createProject(path);
}

void MainWindow::openProjectDialog() {
  const QString path =
      QFileDialog::getOpenFileName(this, tr("Open Project"), dialogDirectory(),
                                   tr(kFileFilter) + QStringLiteral(";;") + tr("All files (*)"));
  if (path.isEmpty()) return;
  settings_.setValue(kLastDirKey, QFileInfo(path).absolutePath());
  openProject(path);
}

bool MainWindow::createProject(const QString& path) {
  if (QFileInfo::exists(path)) {
    // Never replace a file (it may be someone's project) from a "New" dialog.
    showError(tr("Cannot create project"),
              tr("%1 already exists. Choose a new file name, or open it with File > Open.")
                  .arg(QDir::toNativeSeparators(path)));
    return false;
  }
  try {
    setProject(store::ProjectStore::create(nativePath(path)));
  } catch (const std::exception& e) {
    showError(tr("Cannot create project"), QString::fromStdString(e.what()));
    return false;
  }
  recent_.add(path);
  rebuildRecentMenu();
  return project_ != nullptr;
}

bool MainWindow::openProject(const QString& path) {
  std::unique_ptr<store::ProjectStore> opened;
  try {
    opened = store::ProjectStore::open(nativePath(path));
  } catch (const std::exception& e) {
    if (!QFileInfo::exists(path)) {  // a recent entry for a file that is gone
      recent_.remove(path);
      rebuildRecentMenu();
    }
    showError(tr("Cannot open project"), QString::fromStdString(e.what()));
    return false;
  }
  setProject(std::move(opened));
  if (!project_) return false;
  recent_.add(path);
  rebuildRecentMenu();
  return true;
}

void MainWindow::closeProject() { setProject(nullptr); }

void MainWindow::rememberDocument() {
  if (project_ && session_)
    lastDocuments_.remember(QString::fromStdString(project_->path()),
                            session_->current() ? session_->current()->id : 0);
}

void MainWindow::setProject(std::unique_ptr<store::ProjectStore> project) {
  rememberDocument();
  // Detach every view from the old session and project before they close.
  autoRetrainer_->setSession(nullptr);
  modelLoop_->setSession(nullptr);
  trainingPanel_->setProject(nullptr);
  pane_->setSession(nullptr);
  session_.reset();
  browser_->setSource(nullptr, {}, {});
  project_ = std::move(project);
  // The UI thread must not freeze on a slow statement, however the file was made.
  if (project_) project_->setStatementTimeLimit(store::ProjectStore::kInteractiveTimeLimit);
  updateActions();

  if (!project_) {
    counts_->clearCounts();
    editor()->setPlaceholderText(
        tr("Open a project with File > Open, or create one with File > New."));
    updateTitle();
    return;
  }
  try {
    session_ = std::make_unique<AnnotationSession>(*project_);
    connectSession();
    pane_->setSession(session_.get());
    counts_->setCounts(session_->statusCounts());
    browser_->setSource(&project_->documents(), session_->labels(), session_->statusCounts());
    trainingPanel_->setProject(project_.get());
    modelLoop_->setSession(session_.get());
    autoRetrainer_->setSession(session_.get());

    int64_t total = 0;
    for (const auto& [status, n] : session_->statusCounts()) total += n;
    editor()->setPlaceholderText(total == 0
                                     ? tr("This project has no documents yet.\n\nImport texts, "
                                          "JSONL or CoNLL with File > Import Documents.")
                                     : tr("Select a document in the list."));
    // Open where the user left off, else on the first document rather than an
    // empty page.
    const int64_t last = lastDocuments_.last(QString::fromStdString(project_->path()));
    if ((!last || !browser_->selectDocument(last)) && browser_->model()->rowCount() > 0)
      browser_->listView()->setCurrentIndex(browser_->model()->index(0));
  } catch (const std::exception& e) {
    const QString message = QString::fromStdString(e.what());
    setProject(nullptr);
    showError(tr("Cannot read the project"), message);
    return;
  }
  updateActions();
  updateTitle();
}

void MainWindow::connectSession() {
  AnnotationSession* s = session_.get();
  dataFix_->setSession(s);
  undoGroup_->addStack(s->undoStack());
  undoGroup_->setActiveStack(s->undoStack());
  connect(s, &AnnotationSession::documentWritten, browser_, &DocumentBrowser::refreshDocument);
  connect(s, &AnnotationSession::countsChanged, this, [this, s] {
    counts_->setCounts(s->statusCounts());
    browser_->setStatusCounts(s->statusCounts());
  });
  connect(s, &AnnotationSession::labelsChanged, this, [this, s] {
    browser_->setLabels(s->labels());
    browser_->refresh();
  });
  connect(s, &AnnotationSession::message, this,
          [this](const QString& text) { statusBar()->showMessage(text, kMessageMs); });
  connect(s, &AnnotationSession::revealRequested, this, &MainWindow::reveal);
}

void MainWindow::updateActions() {
  for (QAction* a : projectActions_) a->setEnabled(project_ != nullptr);
}

void MainWindow::showDocument(int64_t id) {
  if (!session_) return;
  if (!session_->open(id)) editor()->clearDocument();
}

// A command of the undo stack changes a document that is not open: select it
// in the list, or open it directly when the filter hides it.
void MainWindow::reveal(int64_t id) {
  // A document asked for from a workspace without the editor opens in Annotate.
  if (workspace() != Workspace::Annotate && workspace() != Workspace::Review)
    setWorkspace(Workspace::Annotate);
  if (browser_->selectDocument(id)) return;
  browser_->clearCurrent();
  showDocument(id);
}

void MainWindow::finishDocument(std::optional<text::DocStatus> status) {
  if (!session_ || !session_->current()) return;
  if (status && !session_->setStatus(*status)) return;
  if (!browser_->selectNext())
    statusBar()->showMessage(status ? tr("Saved. That was the last document in the list.")
                                    : tr("That is the last document in the list."),
                             kMessageMs);
  editor()->setFocus(Qt::OtherFocusReason);
}

void MainWindow::previousDocument() {
  if (!browser_->selectPrevious())
    statusBar()->showMessage(tr("That is the first document in the list."), kMessageMs);
  editor()->setFocus(Qt::OtherFocusReason);
}

void MainWindow::importDialog() {
  if (!project_) return;
  ImportDialog dialog(QString::fromStdString(project_->path()), this);
  connect(&dialog, &ImportDialog::imported, this, &MainWindow::afterImport);
  dialog.exec();
}

void MainWindow::afterImport() {
  if (!session_) return;
  session_->reload();  // labels and counts
  browser_->reload();
  if (!session_->current() && browser_->model()->rowCount() > 0)
    browser_->listView()->setCurrentIndex(browser_->model()->index(0));
}

void MainWindow::reloadProject() {
  if (!session_) return;
  const int64_t open = session_->current() ? session_->current()->id : 0;
  afterImport();  // labels, counts and the document list, as after an import
  if (open > 0) session_->open(open);
  statusBar()->showMessage(tr("Reloaded %1 from disk.")
                               .arg(QFileInfo(QString::fromStdString(project_->path())).fileName()),
                           kMessageMs);
}

void MainWindow::exportDialog() {
  if (!project_) return;
  int64_t all = 0;
  for (const auto& [status, n] : session_->statusCounts()) all += n;
  const auto accepted = session_->statusCounts().find(text::DocStatus::Accepted);
  ExportDialog dialog(QString::fromStdString(project_->path()),
                      accepted == session_->statusCounts().end() ? 0 : accepted->second, all, this);
  dialog.setOutputPath(dialogDirectory() + QStringLiteral("/annotations.jsonl"));
  dialog.exec();
}

void MainWindow::exportCurrentModel() {
  RunHistory* runs = trainingPanel_->runs();
  runs->reload();
  if (!runs->selectCurrentModel()) {
    statusBar()->showMessage(
        tr("The project has no current model yet: train one with Train > Train Model."),
        kMessageMs);
    return;
  }
  runs->exportModelDialog();
}

void MainWindow::labelManager() {
  if (!session_) return;
  LabelManagerDialog dialog(*session_, this);
  dialog.exec();
}

void MainWindow::patternSets() {
  if (!session_) return;
  PatternSetsDialog dialog(*session_, this);
  // The open document's pattern suggestions follow what the dialog did.
  connect(&dialog, &PatternSetsDialog::patternsChanged, modelLoop_->suggestions(),
          &SuggestionController::patternsChanged);
  dialog.exec();
}

void MainWindow::showError(const QString& title, const QString& message) {
  QMessageBox box(QMessageBox::Critical, title, message, QMessageBox::Ok, this);
  box.setObjectName(QStringLiteral("errorBox"));
  box.exec();
}

void MainWindow::updateTitle() {
  if (project_)
    setWindowTitle(
        tr("%1 — Spanforge").arg(QFileInfo(QString::fromStdString(project_->path())).fileName()));
  else
    setWindowTitle(tr("Spanforge"));
}

void MainWindow::closeEvent(QCloseEvent* event) {
  rememberDocument();
  settings_.setValue(kGeometryKey, saveGeometry());
  settings_.setValue(kWorkspaceKey, static_cast<int>(workspace()));
  settings_.sync();
  QMainWindow::closeEvent(event);
}

}  // namespace spanforge::ui
