#include "training/simulation/alsimulationdialog.h"

#include "common/nativepath.h"
#include "common/qs.h"
#include "io/outputtarget.h"
#include "training/simulation/alcurvesmodel.h"
#include "training/simulation/alcurvesplot.h"
#include "training/simulation/alsimulationcontroller.h"
#include "training/simulation/alsimulationform.h"

#include <QDialogButtonBox>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <exception>

namespace spanforge::ui {
namespace {

QString shareText(const std::optional<double>& share) {
  return share ? QStringLiteral("%1 %").arg(100.0 * *share, 0, 'f', 1)
               : AlSimulationDialog::tr("not reached");
}

}  // namespace

AlSimulationDialog::AlSimulationDialog(QWidget* parent)
    : QDialog(parent),
      controller_(new AlSimulationController(this)),
      form_(new AlSimulationForm(this)),
      run_(new QPushButton(tr("&Run Simulation"), this)),
      save_(new QPushButton(tr("&Save as JSON…"), this)),
      open_(new QPushButton(tr("&Open…"), this)),
      data_(new QLabel(this)),
      status_(new QLabel(this)),
      plot_(new AlCurvesPlot(this)),
      model_(new AlCurvesModel(this)),
      table_(new QTableView(this)),
      reach_(new QLabel(this)) {
  setWindowTitle(tr("Simulate Active Learning"));
  auto* intro = new QLabel(
      tr("Replays labelling with the labels you already have: a random start set is labelled and "
         "trained on, then each strategy picks the next documents from the rest of your accepted "
         "documents, and the model is retrained and scored on a test set, round after round. "
         "Training uses the Setup page's configuration; every training stops by its steps and "
         "patience, so a run repeats exactly."),
      this);
  intro->setWordWrap(true);
  for (QLabel* l : {data_, status_, reach_}) {
    l->setWordWrap(true);
    l->setTextInteractionFlags(Qt::TextSelectableByMouse);
  }
  save_->setEnabled(false);
  // Enter in a spin box must not start an hour of training, nor close the dialog.
  run_->setAutoDefault(false);
  save_->setAutoDefault(false);
  open_->setAutoDefault(false);
  open_->setToolTip(tr("Show a saved simulation: Save as JSON here or al-simulate --json"));
  table_->setModel(model_);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setAlternatingRowColors(true);

  auto* left = new QVBoxLayout;
  left->addWidget(intro);
  left->addWidget(form_);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(run_);
  buttons->addWidget(save_);
  buttons->addWidget(open_);
  left->addLayout(buttons);
  left->addWidget(data_);
  left->addWidget(status_);
  left->addStretch(1);
  auto* leftWidget = new QWidget(this);
  leftWidget->setLayout(left);
  leftWidget->setFixedWidth(340);

  auto* splitter = new QSplitter(Qt::Vertical, this);
  splitter->addWidget(plot_);
  splitter->addWidget(table_);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 1);
  splitter->setSizes({480, 180});
  auto* right = new QVBoxLayout;
  right->addWidget(splitter, 1);
  right->addWidget(reach_);
  auto* close = new QDialogButtonBox(QDialogButtonBox::Close, this);
  right->addWidget(close);
  close->button(QDialogButtonBox::Close)->setAutoDefault(false);

  auto* layout = new QHBoxLayout(this);
  layout->addWidget(leftWidget);
  layout->addLayout(right, 1);
  resize(1180, 720);

  connect(close, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(run_, &QPushButton::clicked, this, &AlSimulationDialog::runOrStop);
  connect(save_, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getSaveFileName(
        this, tr("Save Simulation"), tr("al-simulation.json"), tr("JSON (*.json)"));
    if (!path.isEmpty()) saveJson(path);
  });
  connect(open_, &QPushButton::clicked, this, [this] {
    const QString path = QFileDialog::getOpenFileName(this, tr("Open Simulation"), QString(),
                                                      tr("JSON (*.json);;All files (*)"));
    if (!path.isEmpty()) openJson(path);
  });
  connect(form_, &AlSimulationForm::changed, this,
          [this] { run_->setEnabled(isRunning() || form_->isValid()); });
  connect(controller_, &AlSimulationController::runningChanged, this,
          &AlSimulationDialog::onRunningChanged);
  connect(controller_, &AlSimulationController::prepared, data_, &QLabel::setText);
  connect(controller_, &AlSimulationController::status, this, [this](const QString& s) {
    lastStatus_ = s;
    status_->setText(s);
  });
  connect(controller_, &AlSimulationController::stepped, this,
          [this](qint64 step) { status_->setText(tr("%1 step %2").arg(lastStatus_).arg(step)); });
  connect(controller_, &AlSimulationController::resultsChanged, this,
          &AlSimulationDialog::showResults);
  connect(controller_, &AlSimulationController::finished, status_, &QLabel::setText);
  showResults();
}

AlSimulationDialog::~AlSimulationDialog() = default;

bool AlSimulationDialog::isRunning() const { return controller_->isRunning(); }

void AlSimulationDialog::setProject(const QString& projectPath, const train::TrainConfig& config) {
  if (isRunning()) return;
  projectPath_ = projectPath;
  config_ = config;
  setWindowTitle(tr("Simulate Active Learning — %1").arg(QFileInfo(projectPath).fileName()));
}

void AlSimulationDialog::runOrStop() {
  if (isRunning()) {
    controller_->cancel();
    status_->setText(tr("Stopping after the batch under way…"));
    return;
  }
  if (projectPath_.isEmpty() || !form_->isValid()) return;
  data_->setText(tr("Reading the accepted documents…"));
  controller_->start(projectPath_, config_, form_->options(), form_->testFraction());
}

void AlSimulationDialog::onRunningChanged(bool running) {
  run_->setText(running ? tr("&Stop") : tr("&Run Simulation"));
  run_->setEnabled(running || form_->isValid());
  form_->setEnabled(!running);
  save_->setEnabled(!running && !controller_->json().isEmpty());
  open_->setEnabled(!running);
}

void AlSimulationDialog::showResults() {
  const active::AlSummary summary = controller_->results().summary();
  model_->setSummary(summary);
  plot_->setSummary(summary);
  if (summary.strategies.empty()) {
    reach_->setText(tr("The curves appear here as the rounds end."));
    return;
  }
  if (!summary.fullF1) {
    reach_->setText(
        tr("Labels needed for 95 % / 99 % of the all-labels F1: known once that "
           "training ends."));
    return;
  }
  QStringList parts;
  for (const auto& s : summary.strategies)
    parts << tr("%1 %2 / %3")
                 .arg(QString::fromLatin1(active::toString(s.strategy)), shareText(s.reach95),
                      shareText(s.reach99));
  reach_->setText(tr("All labels: test F1 %1. Labels needed for 95 % / 99 % of it: %2.")
                      .arg(100.0 * *summary.fullF1, 0, 'f', 1)
                      .arg(parts.join(QStringLiteral("; "))));
}

bool AlSimulationDialog::openJson(const QString& path, bool quiet) {
  QString error;
  if (!controller_->open(path, &error)) {
    if (!quiet) QMessageBox::warning(this, tr("Open Simulation"), error);
    status_->setText(error);
    return false;
  }
  data_->setText(tr("Shown: %1").arg(QFileInfo(path).fileName()));
  status_->clear();
  save_->setEnabled(true);
  return true;
}

bool AlSimulationDialog::saveJson(const QString& path, bool quiet) {
  try {  // a file dialog lets the user pick the open project itself
    if (!projectPath_.isEmpty())
      io::OutputTarget(nativePath(path), "the simulation file")
          .notProject(nativePath(projectPath_));
  } catch (const std::exception& e) {
    if (!quiet) QMessageBox::warning(this, tr("Save Simulation"), qs(e.what()));
    return false;
  }
  QSaveFile file(path);
  const QByteArray bytes = controller_->json().toUtf8() + '\n';
  if (controller_->json().isEmpty() || !file.open(QIODevice::WriteOnly) ||
      file.write(bytes) != bytes.size() || !file.commit()) {
    if (!quiet)
      QMessageBox::warning(this, tr("Save Simulation"),
                           tr("Could not write %1: %2").arg(path, file.errorString()));
    return false;
  }
  return true;
}

}  // namespace spanforge::ui
