#include "training/dashboard/trainingdashboard.h"

#include "modelloop/evaluation/evaluationtablemodel.h"
#include "train/runrecorder.h"
#include "training/dashboard/hardwareplot.h"
#include "training/dashboard/lossplot.h"
#include "training/dashboard/memoryplot.h"
#include "training/dashboard/metricsplot.h"
#include "training/dashboard/trainingstats.h"

#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QProgressBar>
#include <QPushButton>
#include <QScrollArea>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace spanforge::ui {
namespace {

QString deviceText(const QString& device) {
  return device == QLatin1String("cpu") ? QObject::tr("CPU") : device.toUpper();
}

}  // namespace

TrainingDashboard::TrainingDashboard(QWidget* parent)
    : QWidget(parent),
      state_(new QLabel(this)),
      progress_(new QProgressBar(this)),
      stop_(new QPushButton(tr("Stop"), this)),
      use_(new QPushButton(tr("Use This Model"), this)),
      error_(new QLabel(this)),
      stats_(new TrainingStats(this)),
      // In layout order. A new plot is one more entry here.
      plots_({new LossPlot(this), new MetricsPlot(this), new MemoryPlot(this),
              new HardwarePlot(this)}),
      metrics_(plot<MetricsPlot>()),
      labels_(new QListWidget(this)),
      table_(new EvaluationTableModel(this)),
      tableView_(new QTableView(this)) {
  state_->setWordWrap(true);
  progress_->setRange(0, 1000);
  progress_->setTextVisible(false);
  progress_->setMaximumHeight(10);
  stop_->setEnabled(false);
  stop_->setToolTip(tr("Stop after the current batch and keep the best model so far"));
  connect(stop_, &QPushButton::clicked, this, [this] {
    stop_->setEnabled(false);
    setState(header_ + tr(" · stopping after this batch…"));
    emit stopRequested();
  });
  use_->setToolTip(tr("Make this run's model the project's current one: it suggests and ranks"));
  use_->hide();  // until a run ends with a model that is not the current one
  connect(use_, &QPushButton::clicked, this, [this] {
    if (offered_) emit useModelRequested(offered_);
  });
  error_->setWordWrap(true);
  error_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  error_->setStyleSheet(
      QStringLiteral("QLabel { background: #fdecea; color: #611a15; border: 1px solid #f5c2c0;"
                     " border-radius: 4px; padding: 6px; }"));
  error_->hide();

  auto* top = new QHBoxLayout;
  top->addWidget(state_, 1);
  top->addWidget(use_);
  top->addWidget(stop_);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(top);
  layout->addWidget(progress_);
  layout->addWidget(error_);
  layout->addWidget(stats_);
  layout->addWidget(buildPlots(), 1);
  clear();

  for (TrainingPlot* p : plots_)
    connect(p, &TrainingPlot::saveRequested, this, &TrainingDashboard::savePlot);
  connect(metrics_, &MetricsPlot::labelAdded, this, &TrainingDashboard::addLabel);
  connect(labels_, &QListWidget::itemChanged, this, &TrainingDashboard::labelToggled);
}

QWidget* TrainingDashboard::buildPlots() {
  // The list of labels whose F1 curve the metrics plot shows, beside it.
  labels_->setToolTip(tr("Tick a label to plot its dev F1"));
  labels_->setMaximumWidth(150);
  auto* labelBox = new QWidget(this);
  auto* labelLayout = new QVBoxLayout(labelBox);
  labelLayout->setContentsMargins(0, 0, 0, 0);
  labelLayout->addWidget(new QLabel(tr("F1 per label:"), labelBox));
  labelLayout->addWidget(labels_, 1);
  auto* metricsRow = new QWidget(this);
  auto* row = new QHBoxLayout(metricsRow);
  row->setContentsMargins(0, 0, 0, 0);
  row->addWidget(metrics_, 1);
  row->addWidget(labelBox);

  tableView_->setModel(table_);
  tableView_->verticalHeader()->hide();
  tableView_->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
  tableView_->horizontalHeader()->setMinimumSectionSize(44);
  tableView_->setSelectionBehavior(QAbstractItemView::SelectRows);
  tableView_->setAlternatingRowColors(true);
  connect(table_, &QAbstractItemModel::rowsInserted, tableView_, &QTableView::scrollToBottom);

  // The dev scores and their table on the right; the run's own plots stack
  // on the left, where the two over elapsed time (memory and speed, CPU and
  // GPU use) sit one under the other for comparison.
  auto* left = new QSplitter(Qt::Vertical, this);
  auto* right = new QSplitter(Qt::Vertical, this);
  for (TrainingPlot* p : plots_) {
    if (p == metrics_)
      right->addWidget(metricsRow);
    else
      left->addWidget(p);
  }
  right->addWidget(tableView_);
  plotSplitter_ = new QSplitter(Qt::Horizontal, this);
  plotSplitter_->addWidget(left);
  plotSplitter_->addWidget(right);
  plotSplitter_->setStretchFactor(0, 1);
  plotSplitter_->setStretchFactor(1, 1);
  plotSplitter_->setSizes({500, 500});  // equal halves, whatever the widgets' size hints
  // Stacked in a narrow panel the plots are taller than a laptop screen: scroll.
  auto* scroll = new QScrollArea(this);
  scroll->setWidget(plotSplitter_);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  return scroll;
}

void TrainingDashboard::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  const Qt::Orientation o = width() < 900 ? Qt::Vertical : Qt::Horizontal;
  if (plotSplitter_->orientation() == o) return;
  plotSplitter_->setOrientation(o);
  plotSplitter_->setSizes({500, 500});
}

QString TrainingDashboard::stateText() const { return state_->text(); }
QString TrainingDashboard::errorText() const {
  return error_->isHidden() ? QString() : error_->text();
}
void TrainingDashboard::setState(const QString& text) { state_->setText(text); }

void TrainingDashboard::showError(const QString& text) {
  error_->setText(text);
  error_->setVisible(!text.isEmpty());
}

void TrainingDashboard::reset(int64_t runId, const QString& device) {
  runId_ = runId;
  for (TrainingPlot* p : plots_) p->start(device);
  labels_->clear();
  table_->clear();
  stats_->clear();
  state_->setToolTip(QString());
  showError(QString());
  offerModel(0);  // an offer belongs to the run it followed
}

void TrainingDashboard::addEvent(const store::MetricEvent& event) {
  for (TrainingPlot* p : plots_) p->addEvent(event);
  table_->append(event);  // steps too: they give the speed its next row shows
}

void TrainingDashboard::offerModel(int64_t modelId) {
  offered_ = modelId;
  use_->setVisible(modelId != 0);
}

void TrainingDashboard::modelBecameCurrent(int64_t modelId) {
  if (modelId == offered_) offerModel(0);
}

void TrainingDashboard::clear() {
  reset(0, QStringLiteral("cpu"));
  clearComparison();
  live_ = false;
  stop_->setEnabled(false);
  progress_->setRange(0, 1000);
  progress_->setValue(0);
  setState(tr("No run yet. Set up training and press Train."));
}

void TrainingDashboard::startLive(const TrainingStart& s) {
  reset(s.runId, s.device);
  live_ = true;
  const auto& t = s.config.training;
  train::TrainingSettings limits = t;
  if (s.pretraining) {  // its own step limit and no early stopping
    limits.patience = 0;
    limits.maxSteps = s.config.pretraining.maxSteps;
  }
  stats_->setSettings(limits);
  QString where = deviceText(s.device);
  if (s.processes > 1) where = tr("%1 × %2 processes").arg(where).arg(s.processes);
  plot<LossPlot>()->setPretraining(s.pretraining);
  plot<HardwarePlot>()->setLive(true);
  header_ = s.pretraining ? tr("Run %1 · pretraining on %2 · %L3 sentences of text (%L4 words)")
                                .arg(s.runId)
                                .arg(where)
                                .arg(s.trainSentences)
                                .arg(s.trainWords)
                          : tr("Run %1 · training on %2 · %L3 train / %L4 dev sentences (dev: %5)")
                                .arg(s.runId)
                                .arg(where)
                                .arg(s.trainSentences)
                                .arg(s.devSentences)
                                .arg(s.devSource);
  setState(header_);
  progress_->setRange(0, 0);  // busy until the first step says how far
  stop_->setEnabled(true);
  if (!s.warnings.isEmpty())
    setToolTip(tr("%n document(s) left out:\n", nullptr, s.warnings.size()) +
               s.warnings.join(QLatin1Char('\n')));
}

void TrainingDashboard::addSteps(const std::vector<train::StepEvent>& steps) {
  if (!live_ || steps.empty()) return;
  for (const auto& e : steps) addEvent(train::RunRecorder::toMetricEvent(e));
  const auto& last = steps.back();
  stats_->showStep(last);
  if (last.progress >= 0) {
    progress_->setRange(0, 1000);
    progress_->setValue(static_cast<int>(1000 * last.progress));
  }
}

void TrainingDashboard::addEvaluation(const train::EvaluationEvent& e) {
  if (!live_) return;
  addEvent(train::RunRecorder::toMetricEvent(e));
  stats_->showEvaluation(e);
}

void TrainingDashboard::showBatchSize(const train::BatchSizeEvent& e) {
  if (!live_) return;
  header_ += tr(" · batch %L1 words (auto)").arg(e.words);
  setState(header_);
  QStringList lines{tr("Batch sizes measured in %1 s:").arg(e.seconds, 0, 'f', 1)};
  for (const auto& t : e.trials)
    lines << (t.fits ? tr("%L1 words: %L2 words/s, %L3 MB")
                           .arg(t.words)
                           .arg(t.wordsPerSecond, 0, 'f', 0)
                           .arg(t.memoryBytes >> 20)
                     : tr("%L1 words: over the %L2 MB limit")
                           .arg(t.words)
                           .arg(e.memoryLimitBytes >> 20));
  state_->setToolTip(lines.join(QLatin1Char('\n')));
}

void TrainingDashboard::finishLive(const TrainingOutcome& o) {
  live_ = false;
  stop_->setEnabled(false);
  progress_->setRange(0, 1000);
  progress_->setValue(o.failure.isEmpty() ? 1000 : progress_->value());
  stats_->showFinished(o.finished);
  if (!o.failure.isEmpty()) {
    showError(tr("Training failed: %1").arg(o.failure));
    setState(o.runId ? tr("Run %1 failed.").arg(o.runId) : tr("Training did not start."));
    return;
  }
  const bool stopped = o.finished.reason == train::FinishReason::Cancelled;
  const QString text = (stopped ? tr("Run %1 stopped: %2.") : tr("Run %1 finished: %2."))
                           .arg(o.runId)
                           .arg(QString::fromStdString(o.finished.message));
  if (!o.storeWarning.isEmpty())
    showError(tr("The run's metrics could not all be saved: %1").arg(o.storeWarning));
  setState(text);
}

void TrainingDashboard::showRun(const store::RunRecord& run,
                                const std::vector<store::MetricEvent>& events) {
  reset(run.id, QString::fromStdString(run.device));
  live_ = false;
  plot<LossPlot>()->setPretraining(run.kind == store::RunRecord::kPretrainRun);
  plot<HardwarePlot>()->setLive(false);
  stop_->setEnabled(false);
  for (TrainingPlot* p : plots_) p->load(events);
  table_->load(events);
  stats_->showStored(events);
  progress_->setRange(0, 1000);
  progress_->setValue(run.state == store::RunState::Running ? 0 : 1000);
  header_ = tr("Run %1 on %2").arg(run.id).arg(deviceText(QString::fromStdString(run.device)));
  setState(run.message.empty()
               ? header_
               : header_ + QStringLiteral(": ") + QString::fromStdString(run.message));
  if (run.state == store::RunState::Failed)
    showError(tr("This run failed: %1").arg(QString::fromStdString(run.message)));
}

void TrainingDashboard::compareWith(const store::RunRecord& run,
                                    const std::vector<store::MetricEvent>& events) {
  for (TrainingPlot* p : plots_) p->setComparison(events, tr("run %1").arg(run.id));
}

void TrainingDashboard::clearComparison() {
  for (TrainingPlot* p : plots_) p->clearComparison();
}

void TrainingDashboard::addLabel(const QString& label) {
  auto* item = new QListWidgetItem(label, labels_);
  item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsUserCheckable);
  item->setCheckState(Qt::Unchecked);
  QPixmap swatch(12, 12);
  swatch.fill(metrics_->labelColor(label));
  item->setIcon(QIcon(swatch));
}

void TrainingDashboard::labelToggled(QListWidgetItem* item) {
  metrics_->setLabelVisible(item->text(), item->checkState() == Qt::Checked);
}

void TrainingDashboard::savePlot(TrainingPlot* plot) {
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Save Plot"), QStringLiteral("plot.png"), tr("PNG images (*.png)"));
  if (!path.isEmpty() && !plot->saveImage(path))
    showError(tr("Cannot write %1.").arg(QDir::toNativeSeparators(path)));
}

}  // namespace spanforge::ui
