#include "training/runs/runhistory.h"

#include "common/nativepath.h"
#include "common/savedirectory.h"
#include "common/taskworker.h"
#include "io/outputtarget.h"
#include "store/projectstore.h"
#include "train/metricsexport.h"
#include "train/package/modelexport.h"
#include "training/runs/runlistmodel.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>
#include <QVBoxLayout>

#include <exception>
#include <optional>

namespace spanforge::ui {

RunHistory::RunHistory(QWidget* parent)
    : QWidget(parent),
      model_(new RunListModel(this)),
      view_(new QTableView(this)),
      message_(new QLabel(this)),
      show_(new QPushButton(tr("Show"), this)),
      compare_(new QPushButton(tr("Compare with Shown"), this)),
      use_(new QPushButton(tr("Use This Model"), this)),
      exportModel_(new QPushButton(tr("Export Model…"), this)),
      exportMetrics_(new QPushButton(tr("Export Metrics…"), this)),
      worker_(new TaskWorker),
      thread_(std::make_unique<WorkerThread>(worker_)) {
  view_->setModel(model_);
  view_->setSelectionBehavior(QAbstractItemView::SelectRows);
  view_->setSelectionMode(QAbstractItemView::SingleSelection);
  view_->verticalHeader()->hide();
  view_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  view_->horizontalHeader()->setStretchLastSection(true);
  view_->setStyleSheet(
      QStringLiteral("QTableView::item { padding: 0 8px; }"
                     " QHeaderView::section { padding: 2px 8px; }"));
  show_->setToolTip(tr("Open this run's curves in the dashboard"));
  compare_->setToolTip(tr("Overlay this run on the run the dashboard shows"));
  use_->setToolTip(tr("Make this run's model the project's current model (for suggestions)"));
  message_->setWordWrap(true);
  message_->setTextInteractionFlags(Qt::TextSelectableByMouse);

  // Two rows, so that the page fits a panel docked beside the editor.
  auto* buttons = new QVBoxLayout;
  auto* runRow = new QHBoxLayout;
  for (QPushButton* b : {show_, compare_, use_}) runRow->addWidget(b);
  runRow->addStretch();
  auto* exportRow = new QHBoxLayout;
  for (QPushButton* b : {exportModel_, exportMetrics_}) exportRow->addWidget(b);
  exportRow->addStretch();
  buttons->addLayout(runRow);
  buttons->addLayout(exportRow);
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(view_, 1);
  layout->addWidget(message_);
  layout->addLayout(buttons);

  connect(view_->selectionModel(), &QItemSelectionModel::selectionChanged, this,
          &RunHistory::updateButtons);
  connect(model_, &QAbstractItemModel::modelReset, this, &RunHistory::updateButtons);
  connect(view_, &QTableView::doubleClicked, this, [this] { emit showRequested(selectedRun()); });
  connect(show_, &QPushButton::clicked, this, [this] { emit showRequested(selectedRun()); });
  connect(compare_, &QPushButton::clicked, this, [this] { emit compareRequested(selectedRun()); });
  connect(use_, &QPushButton::clicked, this, &RunHistory::useSelectedModel);
  connect(exportModel_, &QPushButton::clicked, this, &RunHistory::exportModelDialog);
  connect(exportMetrics_, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Export Run Metrics"),
        startDirectory() + QStringLiteral("/run-%1.csv").arg(selectedRun()),
        tr("CSV (*.csv);;JSON Lines (*.jsonl)"));
    if (!path.isEmpty()) exportMetrics(path);
  });
  connect(worker_, &TaskWorker::finished, this, [this](int job, const QString& error) {
    if (!jobs_.finish(job)) return;
    setMessage(error.isEmpty() ? busyWhat_ : error, !error.isEmpty());
    updateButtons();
    emit exportFinished(error);
  });
  updateButtons();
}

RunHistory::~RunHistory() = default;

void RunHistory::setProject(store::ProjectStore* project) {
  project_ = project;
  jobs_.invalidate();  // a result for the previous project is not wanted
  setMessage(QString());
  reload();
}

void RunHistory::reload() {
  const int64_t selected = selectedRun();
  try {
    if (project_)
      model_->setRuns(project_->runs().runs(), project_->runs().models());
    else
      model_->setRuns({}, {});
  } catch (const std::exception& e) {
    setMessage(tr("Cannot read the runs: %1").arg(QString::fromStdString(e.what())), true);
  }
  if (selected) selectRun(selected);
}

void RunHistory::setLiveRun(int64_t runId) { model_->setLiveRun(runId); }

bool RunHistory::selectRun(int64_t runId) {
  const int row = model_->rowOf(runId);
  if (row < 0) return false;
  view_->selectRow(row);
  return true;
}

int64_t RunHistory::selectedRun() const {
  const QModelIndexList rows = view_->selectionModel()->selectedRows();
  return rows.isEmpty() ? 0 : model_->run(rows.front().row()).id;
}

QString RunHistory::messageText() const { return message_->text(); }

void RunHistory::setMessage(const QString& text, bool error) {
  message_->setText(text);
  message_->setStyleSheet(error ? QStringLiteral("color: #b71c1c;") : QString());
}

void RunHistory::updateButtons() {
  const int row = model_->rowOf(selectedRun());
  const bool hasModel = row >= 0 && model_->modelOf(row).has_value();
  show_->setEnabled(row >= 0);
  compare_->setEnabled(row >= 0);
  use_->setEnabled(hasModel && !model_->modelOf(row)->current);
  exportModel_->setEnabled(hasModel && !isBusy());
  exportMetrics_->setEnabled(row >= 0 && !isBusy());
}

void RunHistory::useSelectedModel() {
  const int row = model_->rowOf(selectedRun());
  const auto model = row >= 0 ? model_->modelOf(row) : std::nullopt;
  if (model) useModel(model->id);
}

bool RunHistory::useModel(int64_t modelId) {
  if (!project_) return false;
  std::optional<store::ModelRecord> model;
  try {
    model = project_->runs().model(modelId);
    if (model) project_->runs().setCurrentModel(model->id);
  } catch (const std::exception& e) {
    setMessage(tr("Cannot set the current model: %1").arg(QString::fromStdString(e.what())), true);
    return false;
  }
  if (!model) return false;
  reload();
  setMessage(tr("%1's model is now the project's current model.")
                 .arg(QString::fromStdString(model->name)));
  emit currentModelChanged(model->id);
  return true;
}

void RunHistory::startTask(const QString& what, const std::function<QString()>& task) {
  const int job = jobs_.start();
  busyWhat_ = what;
  setMessage(tr("Exporting…"));
  updateButtons();
  TaskWorker* worker = worker_;
  QMetaObject::invokeMethod(
      worker, [worker, job, task] { worker->run(job, task); }, Qt::QueuedConnection);
}

QString RunHistory::startDirectory() const {
  return SaveDirectory::initial(project_ ? QString::fromStdString(project_->path()) : QString());
}

bool RunHistory::selectCurrentModel() {
  for (int row = 0; row < model_->rowCount(); ++row) {
    const auto model = model_->modelOf(row);
    if (model && model->current) return selectRun(model_->run(row).id);
  }
  return false;
}

// The export writes a new folder (or replaces an exported model): the dialog
// asks for its name, in a folder that exists.
void RunHistory::exportModelDialog() {
  const int row = model_->rowOf(selectedRun());
  const auto model = row >= 0 ? model_->modelOf(row) : std::nullopt;
  if (!model || isBusy()) return;
  QString name = QString::fromStdString(model->name);
  name.replace(QRegularExpression(QStringLiteral("[^A-Za-z0-9._-]+")), QStringLiteral("-"));
  const QString folder = QFileDialog::getSaveFileName(
      this, tr("Export Model As Folder"), startDirectory() + QLatin1Char('/') + name, QString(),
      nullptr, QFileDialog::ShowDirsOnly);
  if (!folder.isEmpty()) exportModel(folder);
}

void RunHistory::exportModel(const QString& folder) {
  const int row = model_->rowOf(selectedRun());
  const auto model = row >= 0 ? model_->modelOf(row) : std::nullopt;
  if (!model || isBusy()) return;
  const std::string package = model->path;
  const std::string target = nativePath(folder);
  startTask(tr("Model written to %1 (with README.md, its model card).")
                .arg(QDir::toNativeSeparators(folder)),
            [package, target] {
              train::ModelExport::run(package, target);
              return QString();
            });
}

void RunHistory::exportMetrics(const QString& path) {
  const int64_t runId = selectedRun();
  if (!project_ || !runId || isBusy()) return;
  const std::string projectPath = project_->path();
  const std::string out = nativePath(path);
  const bool jsonl = path.endsWith(QLatin1String(".jsonl"), Qt::CaseInsensitive);
  startTask(tr("Metrics of run %1 written to %2.").arg(runId).arg(QDir::toNativeSeparators(path)),
            [projectPath, runId, out, jsonl] {
              // A file dialog lets the user pick the open project itself.
              io::OutputTarget(out, "the metrics file").notProject(projectPath);
              // The worker thread's own connection.
              const auto events = store::ProjectStore::open(projectPath)->runs().events(runId);
              if (jsonl)
                train::MetricsExport::writeJsonl(out, events);
              else
                train::MetricsExport::writeCsv(out, events);
              return QString();
            });
}

}  // namespace spanforge::ui
