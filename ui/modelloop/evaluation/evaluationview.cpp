#include "modelloop/evaluation/evaluationview.h"

#include "common/contextdelegate.h"
#include "common/workerthread.h"
#include "modelloop/evaluation/errorexamplemodel.h"
#include "modelloop/evaluation/errormatrixmodel.h"
#include "modelloop/evaluation/evaluationworker.h"
#include "modelloop/evaluation/labelscoresmodel.h"
#include "modelloop/evaluation/reliabilityplot.h"
#include "session/annotationsession.h"
#include "store/projectstore.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace spanforge::ui {

namespace {

QTableView* table(QAbstractItemModel* model, QWidget* parent) {
  auto* view = new QTableView(parent);
  view->setModel(model);
  view->setEditTriggers(QAbstractItemView::NoEditTriggers);
  view->setSelectionMode(QAbstractItemView::SingleSelection);
  view->setWordWrap(false);
  view->verticalHeader()->setDefaultSectionSize(QFontMetrics(view->font()).height() + 8);
  view->horizontalHeader()->setHighlightSections(false);
  return view;
}

QString shownPercent(double v) { return QString::number(100.0 * v, 'f', 1); }

}  // namespace

EvaluationView::EvaluationView(QWidget* parent)
    : QWidget(parent),
      scoresModel_(new LabelScoresModel(this)),
      matrixModel_(new ErrorMatrixModel(this)),
      exampleModel_(new ErrorExampleModel(this)),
      summary_(new QLabel(this)),
      evaluate_(new QPushButton(tr("Evaluate"), this)),
      cancel_(new QPushButton(tr("Cancel"), this)),
      busy_(new QProgressBar(this)),
      labelTable_(table(scoresModel_, this)),
      matrix_(table(matrixModel_, this)),
      reliability_(new ReliabilityPlot(this)),
      split_(new QSplitter(Qt::Vertical, this)),
      caption_(new QLabel(this)),
      examples_(table(exampleModel_, this)) {
  summary_->setTextFormat(Qt::RichText);
  summary_->setWordWrap(true);
  evaluate_->setToolTip(tr("Score the current model on the project's dev documents"));
  busy_->setRange(0, 0);  // busy: the evaluator reports no steps
  busy_->setMaximumWidth(120);
  busy_->hide();
  cancel_->hide();

  labelTable_->setSelectionBehavior(QAbstractItemView::SelectRows);
  labelTable_->verticalHeader()->hide();
  labelTable_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  // Both tables take the room their rows and columns need (fitTables).
  for (QTableView* t : {labelTable_, matrix_}) {
    t->setSizeAdjustPolicy(QAbstractScrollArea::AdjustToContents);
    t->setSizePolicy(QSizePolicy::Maximum, QSizePolicy::Preferred);
  }
  matrix_->setSelectionBehavior(QAbstractItemView::SelectItems);
  matrix_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
  matrix_->horizontalHeader()->setMinimumSectionSize(48);
  matrix_->setToolTip(tr("Rows: gold label. Columns: predicted label. Click a cell to list it."));
  examples_->setSelectionBehavior(QAbstractItemView::SelectRows);
  examples_->verticalHeader()->hide();
  examples_->setShowGrid(false);
  examples_->setAlternatingRowColors(true);
  examples_->setItemDelegateForColumn(
      ErrorExampleModel::ContextColumn,
      new ContextDelegate(ErrorExampleModel::BeforeRole, ErrorExampleModel::SpanTextRole,
                          ErrorExampleModel::AfterRole, ErrorExampleModel::ColorRole, examples_));
  QHeaderView* eh = examples_->horizontalHeader();
  eh->setSectionResizeMode(QHeaderView::ResizeToContents);
  eh->setSectionResizeMode(ErrorExampleModel::ContextColumn, QHeaderView::Stretch);
  caption_->setForegroundRole(QPalette::PlaceholderText);

  auto* top = new QHBoxLayout;
  top->addWidget(summary_, 1);
  top->addWidget(busy_);
  top->addWidget(cancel_);
  top->addWidget(evaluate_);
  auto* tables = new QWidget(this);
  auto* tablesLayout = new QHBoxLayout(tables);
  tablesLayout->setContentsMargins(0, 0, 0, 0);
  tablesLayout->addWidget(labelTable_);
  tablesLayout->addWidget(matrix_);
  tablesLayout->addWidget(reliability_);
  tablesLayout->addStretch(1);
  auto* lower = new QWidget(this);
  auto* lowerLayout = new QVBoxLayout(lower);
  lowerLayout->setContentsMargins(0, 0, 0, 0);
  lowerLayout->addWidget(caption_);
  lowerLayout->addWidget(examples_, 1);
  split_->addWidget(tables);
  split_->addWidget(lower);
  split_->setStretchFactor(1, 1);
  split_->setChildrenCollapsible(false);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(6, 6, 6, 6);
  layout->addLayout(top);
  layout->addWidget(split_, 1);

  connect(evaluate_, &QPushButton::clicked, this, &EvaluationView::evaluate);
  connect(cancel_, &QPushButton::clicked, this, &EvaluationView::cancel);
  connect(matrix_, &QAbstractItemView::clicked, this, &EvaluationView::listCell);
  connect(matrix_->selectionModel(), &QItemSelectionModel::currentChanged, this,
          &EvaluationView::listCell);
  connect(labelTable_->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
          &EvaluationView::listLabel);
  connect(examples_, &QAbstractItemView::activated, this, &EvaluationView::openExample);
  setSession(nullptr);
}

EvaluationView::~EvaluationView() {
  if (cancelFlag_) cancelFlag_->store(true);
}

void EvaluationView::setSession(AnnotationSession* session) {
  if (cancelFlag_) cancelFlag_->store(true);
  thread_.reset();
  worker_ = nullptr;
  jobs_.invalidate();
  updateRunning();
  session_ = session;
  model_.reset();
  evaluation_.reset();
  evaluatedModel_ = 0;
  showEvaluation();
  if (!session) return;
  QHash<QString, QColor> colors;
  for (const store::Label& l : session->labels())
    colors.insert(QString::fromStdString(l.name), QColor(QString::fromStdString(l.color)));
  exampleModel_->setLabelColors(colors);
}

void EvaluationView::setModel(const std::optional<store::ModelRecord>& model) {
  model_ = model;
  if (!model || model->id != evaluatedModel_) {
    evaluation_.reset();
    evaluatedModel_ = 0;
    showEvaluation();
  }
  if (model && !evaluation_ && isVisible() && !running()) evaluate();
}

void EvaluationView::showEvent(QShowEvent* event) {
  QWidget::showEvent(event);
  if (model_ && !evaluation_ && !running()) evaluate();
}

void EvaluationView::updateRunning() {
  const bool running = jobs_.isRunning();
  busy_->setVisible(running);
  cancel_->setVisible(running);
  evaluate_->setEnabled(!running && model_.has_value());
}

void EvaluationView::evaluate() {
  if (!session_ || running()) return;
  if (!model_ || model_->path.empty()) {
    emit message(
        tr("There is no current model to evaluate: train one, then choose “Use This "
           "Model”."));
    return;
  }
  if (!worker_) {
    worker_ = new EvaluationWorker;
    thread_ = std::make_unique<WorkerThread>(worker_);
    connect(worker_, &EvaluationWorker::finished, this, &EvaluationView::finished);
  }
  EvaluationRequest r;
  r.job = jobs_.start();
  r.projectPath = QString::fromStdString(session_->project().path());
  r.modelId = model_->id;
  r.modelPath = QString::fromStdString(model_->path);
  r.cancel = cancelFlag_ = std::make_shared<std::atomic<bool>>(false);
  updateRunning();
  summary_->setText(tr("Scoring <b>%1</b> on the dev documents…")
                        .arg(QString::fromStdString(model_->name).toHtmlEscaped()));
  EvaluationWorker* w = worker_;
  QMetaObject::invokeMethod(
      w, [w, r] { w->run(r); }, Qt::QueuedConnection);
}

void EvaluationView::cancel() {
  if (cancelFlag_) cancelFlag_->store(true);
}

void EvaluationView::finished(const EvaluationOutcome& outcome) {
  if (!jobs_.finish(outcome.job)) return;
  updateRunning();
  if (!outcome.failure.isEmpty()) {
    emit message(tr("Cannot evaluate: %1").arg(outcome.failure));
    showEvaluation();
    return;
  }
  if (outcome.evaluation->cancelled) {
    showEvaluation();
    return;
  }
  evaluation_ = outcome.evaluation;
  evaluatedModel_ = outcome.modelId;
  showEvaluation();
  emit evaluated();
}

void EvaluationView::showEvaluation() {
  matrixModel_->setEvaluation(evaluation_);
  exampleModel_->setExamples(nullptr, {});
  caption_->setText(tr("Click a cell of the matrix, or a label, to list its examples."));
  if (!evaluation_) {
    scoresModel_->clear();
    reliability_->clear();
    summary_->setText(model_ ? tr("Click Evaluate to score <b>%1</b> on the dev documents.")
                                   .arg(QString::fromStdString(model_->name).toHtmlEscaped())
                             : tr("No current model: train one, then choose “Use This Model”."));
    evaluate_->setEnabled(model_.has_value() && !running());
    return;
  }
  const active::DevEvaluation& e = *evaluation_;
  scoresModel_->setReport(e.report);
  reliability_->setReport(e.calibration, e.temperature);
  fitTables();
  const train::PrfScores& all = e.report.overall;
  summary_->setText(
      tr("<b>%1</b> on %2 dev document(s) (%3): P %4 · R %5 · <b>F1 %6</b> · %7 error(s)")
          .arg(QString::fromStdString(model_ ? model_->name : std::string()).toHtmlEscaped())
          .arg(e.documents)
          .arg(e.fromRun     ? tr("held out by its training run")
               : e.fromSplit ? tr("marked dev")
                             : tr("drawn again: its training run kept no dev set"))
          .arg(shownPercent(all.precision), shownPercent(all.recall), shownPercent(all.f1))
          .arg(e.report.errors.total()));
  if (e.documents == 0)
    caption_->setText(tr("The project has no accepted dev documents to score on."));
}

// The tables show every row when the view is tall enough; the examples get
// the rest.
void EvaluationView::fitTables() {
  int need = 0;
  for (QTableView* t : {labelTable_, matrix_}) {
    t->resizeColumnsToContents();
    need = std::max(need, t->horizontalHeader()->sizeHint().height() +
                              t->verticalHeader()->length() + 2 * t->frameWidth() + 2);
  }
  const int total = split_->height();
  const int top = std::min(need, std::max(total / 2, total - 160));
  split_->setSizes({top, std::max(0, total - top)});
}

void EvaluationView::listCell(const QModelIndex& cell) {
  if (!evaluation_ || !cell.isValid()) return;
  const auto& indexes = matrixModel_->examples(cell);
  exampleModel_->setExamples(evaluation_, indexes);
  caption_->setText(tr("%1: %n example(s) — double-click or Enter opens one in the editor", "",
                       static_cast<int>(indexes.size()))
                        .arg(matrixModel_->describe(cell)));
}

void EvaluationView::listLabel(const QModelIndex& row) {
  if (!evaluation_ || !row.isValid()) return;
  const QString label = scoresModel_->label(row.row());
  std::vector<size_t> indexes;
  const auto& examples = evaluation_->examples;
  for (size_t i = 0; i < examples.size(); ++i) {
    const active::DevExample& e = examples[i];
    if (e.kind == train::ErrorKind::Correct) continue;
    const auto is = [&](const std::optional<text::Span>& s) {
      return s && (label.isEmpty() || QString::fromStdString(s->label) == label);
    };
    if (is(e.gold) || is(e.predicted)) indexes.push_back(i);
  }
  exampleModel_->setExamples(evaluation_, indexes);
  caption_->setText(tr("Errors involving %1: %n example(s)", "", static_cast<int>(indexes.size()))
                        .arg(label.isEmpty() ? tr("any label") : label));
}

void EvaluationView::openExample(const QModelIndex& index) {
  if (!index.isValid()) return;
  const active::DevExample& e = exampleModel_->example(index.row());
  const text::Span span = e.predicted ? *e.predicted : *e.gold;
  emit documentRequested(e.documentId, span, true);
  emit message(tr("Document %1: %2 — gold %3, predicted %4")
                   .arg(e.documentId)
                   .arg(ErrorExampleModel::kindName(e.kind))
                   .arg(e.gold ? QString::fromStdString(e.gold->label) : tr("none"))
                   .arg(e.predicted ? QString::fromStdString(e.predicted->label) : tr("none")));
}

}  // namespace spanforge::ui
