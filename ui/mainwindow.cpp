#include "mainwindow.h"

#include "docstatusstyle.h"
#include "documentbrowser.h"
#include "documentlistmodel.h"
#include "documentview.h"
#include "labellegend.h"
#include "project/demoproject.h"
#include "statusbarcounts.h"
#include "store/project.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QFrame>
#include <QLabel>
#include <QListView>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>
#include <QVBoxLayout>

#include <exception>

#ifndef SPANFORGE_VERSION
#define SPANFORGE_VERSION "dev"
#endif

namespace spanforge::ui {

namespace {
const char* const kGeometryKey = "mainWindow/geometry";
const char* const kStateKey = "mainWindow/state";
const char* const kLastDirKey = "mainWindow/lastDirectory";
const char* const kFileFilter = QT_TRANSLATE_NOOP("MainWindow", "Spanforge projects (*.spanforge)");

std::string nativePath(const QString& path) { return QFile::encodeName(path).toStdString(); }
}  // namespace

MainWindow::MainWindow(QSettings& settings, QWidget* parent)
    : QMainWindow(parent),
      settings_(settings),
      recent_(settings),
      browser_(new DocumentBrowser(this)),
      browserDock_(new QDockWidget(tr("Documents"), this)),
      legend_(new LabelLegend(this)),
      header_(new QLabel(this)),
      view_(new DocumentView(this)),
      counts_(new StatusBarCounts(this)) {
  // Centre: labels, the open document's header line, the document itself.
  auto* central = new QWidget(this);
  auto* layout = new QVBoxLayout(central);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  auto* rule = new QFrame(central);
  rule->setFrameShape(QFrame::HLine);
  rule->setFrameShadow(QFrame::Sunken);
  header_->setTextFormat(Qt::RichText);
  header_->setContentsMargins(DocumentView::kMargin, 6, DocumentView::kMargin, 6);
  header_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  view_->setFrameShape(QFrame::NoFrame);
  layout->addWidget(legend_);
  layout->addWidget(rule);
  layout->addWidget(header_);
  layout->addWidget(view_, 1);
  setCentralWidget(central);

  browserDock_->setObjectName(QStringLiteral("documentsDock"));  // for saveState
  browserDock_->setAllowedAreas(Qt::LeftDockWidgetArea | Qt::RightDockWidgetArea);
  browserDock_->setWidget(browser_);
  addDockWidget(Qt::LeftDockWidgetArea, browserDock_);
  resizeDocks({browserDock_}, {380}, Qt::Horizontal);

  statusBar()->addWidget(counts_, 1);

  createMenus();
  connect(browser_, &DocumentBrowser::documentActivated, this, &MainWindow::showDocument);
  // Queued: the model reports errors from inside view updates, where a modal
  // dialog must not start.
  connect(
      browser_, &DocumentBrowser::errorOccurred, this,
      [this](const QString& message) { showError(tr("Cannot read the documents"), message); },
      Qt::QueuedConnection);

  resize(1200, 780);
  restoreGeometry(settings_.value(kGeometryKey).toByteArray());
  restoreState(settings_.value(kStateKey).toByteArray());
  setProject(nullptr);
}

MainWindow::~MainWindow() {
  // The browser's model points into the project: detach it first.
  browser_->setSource(nullptr, {}, {});
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  QAction* newAction = file->addAction(tr("&New Project…"), this, &MainWindow::newProjectDialog);
  newAction->setShortcut(QKeySequence::New);
  QAction* open = file->addAction(tr("&Open Project…"), this, &MainWindow::openProjectDialog);
  open->setShortcut(QKeySequence::Open);
  recentMenu_ = file->addMenu(tr("Open &Recent"));
  file->addSeparator();
  QAction* close = file->addAction(tr("&Close Project"), this, &MainWindow::closeProject);
  close->setShortcut(QKeySequence::Close);
  file->addSeparator();
  QAction* quit = file->addAction(tr("&Quit"), this, &QWidget::close);
  quit->setShortcut(QKeySequence::Quit);
  quit->setMenuRole(QAction::QuitRole);
  rebuildRecentMenu();

  QMenu* view = menuBar()->addMenu(tr("&View"));
  QAction* toggle = browserDock_->toggleViewAction();
  toggle->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_1));
  view->addAction(toggle);

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->addAction(tr("&About Spanforge"), this, &MainWindow::showAbout);
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

QString MainWindow::dialogDirectory() const {
  const QString last = settings_.value(kLastDirKey).toString();
  if (!last.isEmpty() && QFileInfo(last).isDir()) return last;
  return QStandardPaths::writableLocation(QStandardPaths::DocumentsLocation);
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
    setProject(store::Project::create(nativePath(path)));
  } catch (const std::exception& e) {
    showError(tr("Cannot create project"), QString::fromStdString(e.what()));
    return false;
  }
  recent_.add(path);
  rebuildRecentMenu();
  return project_ != nullptr;
}

bool MainWindow::openProject(const QString& path) {
  std::unique_ptr<store::Project> opened;
  try {
    opened = store::Project::open(nativePath(path));
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

void MainWindow::setProject(std::unique_ptr<store::Project> project) {
  // Detach every view from the old project before it is closed.
  browser_->setSource(nullptr, {}, {});
  view_->clearDocument();
  header_->setText(QStringLiteral(" "));
  project_ = std::move(project);

  if (!project_) {
    legend_->setLabels({});
    view_->setLabels({});
    counts_->clearCounts();
    view_->setPlaceholderText(
        tr("Open a project with File > Open, or create one with File > New."));
    updateTitle();
    return;
  }
  try {
    const std::vector<store::Label> labels = project_->labels().all();
    const auto statusCounts = project_->documents().countByStatus();
    legend_->setLabels(labels, project_->documents().spanCountByLabel());
    view_->setLabels(labels);
    counts_->setCounts(statusCounts);
    browser_->setSource(&project_->documents(), labels, statusCounts);

    int64_t total = 0;
    for (const auto& [status, n] : statusCounts) total += n;
    view_->setPlaceholderText(
        total == 0 ? tr("This project has no documents yet.\n\nImport texts, JSONL or CoNLL "
                        "with:\nspanforge-cli import %1 FILE…")
                         .arg(QDir::toNativeSeparators(QString::fromStdString(project_->path())))
                   : tr("Select a document in the list."));
    // Open on the first document rather than an empty page.
    if (browser_->model()->rowCount() > 0)
      browser_->listView()->setCurrentIndex(browser_->model()->index(0));
  } catch (const std::exception& e) {
    const QString message = QString::fromStdString(e.what());
    setProject(nullptr);
    showError(tr("Cannot read the project"), message);
    return;
  }
  updateTitle();
}

void MainWindow::showDocument(int64_t id) {
  if (!project_) return;
  try {
    const auto stored = project_->documents().get(id);
    if (!stored) {
      view_->clearDocument();
      header_->setText(tr("Document %1 no longer exists.").arg(id));
      return;
    }
    view_->setDocument(id, stored->doc);
    const text::Document& d = stored->doc;
    QStringList parts;
    parts << tr("<b>Document %1</b>").arg(id);
    parts << QStringLiteral("<span style=\"color:%1\">●</span>&nbsp;%2")
                 .arg(DocStatusStyle::color(d.status).name(), DocStatusStyle::name(d.status));
    const auto n = static_cast<qlonglong>(d.spans.size());
    parts << (n == 0 ? tr("no spans") : n == 1 ? tr("1 span") : tr("%1 spans").arg(n));
    if (stored->split != store::Split::None)
      parts << tr("%1 split").arg(QString::fromUtf8(store::toString(stored->split)));
    if (!d.source.empty()) parts << QString::fromStdString(d.source).toHtmlEscaped();
    header_->setText(parts.join(QStringLiteral(" &nbsp;·&nbsp; ")));
  } catch (const std::exception& e) {
    showError(tr("Cannot read document %1").arg(id), QString::fromStdString(e.what()));
  }
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

void MainWindow::showAbout() {
  QMessageBox::about(
      this, tr("About Spanforge"),
      tr("<h3>Spanforge %1</h3><p>Label entity spans, train a named-entity model and review "
         "what it is least sure about, on one desktop, offline.</p>"
         "<p>Licensed under the GNU GPL, version 3 or later.</p><p><small>%2</small></p>")
          .arg(QStringLiteral(SPANFORGE_VERSION),
               QString::fromUtf8(project::demoAttribution()).toHtmlEscaped()));
}

void MainWindow::closeEvent(QCloseEvent* event) {
  settings_.setValue(kGeometryKey, saveGeometry());
  settings_.setValue(kStateKey, saveState());
  settings_.sync();
  QMainWindow::closeEvent(event);
}

}  // namespace spanforge::ui
