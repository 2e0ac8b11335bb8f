#include "training/setup/vectorschooser.h"

#include "common/nativepath.h"
#include "common/taskworker.h"
#include "common/workerthread.h"
#include "model/vectors.h"
#include "project/datachecks.h"
#include "store/projectstore.h"

#include <QDir>
#include <QFile>
#include <QFileDialog>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QVBoxLayout>

namespace spanforge::ui {

// What the worker learns of a file; read by the UI thread once the job ends.
struct VectorsChooser::Reading {
  qint64 bytes = 0;
  qint64 words = 0;
  qint64 dim = 0;
  bool measured = false;  // false without a project
  model::VectorsCoverage::Result coverage;
};

VectorsChooser::VectorsChooser(QWidget* parent)
    : QWidget(parent),
      choose_(new QPushButton(tr("Choose File…"), this)),
      none_(new QPushButton(tr("None"), this)),
      summary_(new QLabel(this)),
      worker_(new TaskWorker),
      thread_(std::make_unique<WorkerThread>(worker_)) {
  choose_->setToolTip(tr("A GloVe, word2vec or fastText text file (may be .gz)"));
  none_->setToolTip(tr("Train without pretrained vectors"));
  summary_->setWordWrap(true);
  summary_->setAlignment(Qt::AlignLeft | Qt::AlignTop);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* buttons = new QHBoxLayout;
  buttons->addWidget(choose_);
  buttons->addWidget(none_);
  buttons->addStretch(1);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(summary_);
  layout->addLayout(buttons);
  connect(choose_, &QPushButton::clicked, this, &VectorsChooser::choose);
  connect(none_, &QPushButton::clicked, this, [this] {
    setFile(QString());
    emit chosen(QString());
  });
  connect(worker_, &TaskWorker::finished, this, &VectorsChooser::finished);
  setFile(QString());
}

// A job still reading finishes first (WorkerThread waits); its result is dropped.
VectorsChooser::~VectorsChooser() = default;

void VectorsChooser::setProjectPath(const QString& path) {
  if (path == projectPath_) return;
  projectPath_ = path;
  read();
}

void VectorsChooser::setFile(const QString& file) {
  file_ = file;
  read();
}

// Window-modal and not blocking (open(), not exec()): the page goes on
// reading a file chosen before.
void VectorsChooser::choose() {
  auto* dialog = new QFileDialog(this, tr("Word Vectors"), QFileInfo(file_).path(),
                                 tr("Word vectors (*.txt *.vec *.gz);;All files (*)"));
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setFileMode(QFileDialog::ExistingFile);
  connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& file) {
    setFile(file);
    emit chosen(file);
  });
  dialog->open();
}

void VectorsChooser::read() {
  error_.clear();
  none_->setEnabled(!file_.isEmpty());
  if (file_.isEmpty()) {
    jobs_.invalidate();
    showSummary(tr("None: the model learns its words from the labelled data alone. Vectors "
                   "pretrained on a large text (GloVe, word2vec or fastText) add what that text "
                   "knows of each word."),
                false);
    emit changed();
    return;
  }
  const int job = jobs_.start();
  showSummary(tr("Reading %1…").arg(QFileInfo(file_).fileName()), false);
  auto reading = std::make_shared<Reading>();
  reading_ = reading;
  const std::string path = nativePath(file_);
  const std::string project = nativePath(projectPath_);
  TaskWorker::Task task = [reading, path, project]() -> QString {
    const model::Vectors vectors = model::Vectors::load(path);
    reading->bytes = QFileInfo(QFile::decodeName(path.c_str())).size();
    reading->words = vectors.size();
    reading->dim = vectors.dim();
    if (project.empty()) return {};
    const auto store = store::ProjectStore::open(project, store::ProjectStore::Access::ReadOnly);
    reading->coverage = project::DataChecks::vectorsCoverage(*store, vectors);
    reading->measured = true;
    return {};
  };
  TaskWorker* worker = worker_;
  QMetaObject::invokeMethod(
      worker, [worker, job, task] { worker->run(job, task); }, Qt::QueuedConnection);
  emit changed();
}

void VectorsChooser::finished(int job, const QString& error) {
  if (!jobs_.finish(job)) return;  // a file chosen since, or none
  const QString name = QFileInfo(file_).fileName();
  if (!error.isEmpty()) {
    error_ = tr("Cannot use %1: %2").arg(name, error);
    showSummary(error_, true);
    emit changed();
    return;
  }
  const Reading& r = *reading_;
  const QLocale locale;
  QString text = tr("%1: %2, %3 words × %4 dimensions.")
                     .arg(name, locale.formattedDataSize(r.bytes),
                          locale.toString(static_cast<qlonglong>(r.words)))
                     .arg(r.dim);
  if (r.measured && r.coverage.tokens > 0) {
    const auto& c = r.coverage;
    text += QLatin1Char(' ') + tr("They cover %1% of the project's %2 words (%3% of its %4 "
                                  "distinct words).")
                                   .arg(100.0 * c.tokenShare(), 0, 'f', 1)
                                   .arg(locale.toString(static_cast<qlonglong>(c.tokens)))
                                   .arg(100.0 * c.wordShare(), 0, 'f', 1)
                                   .arg(locale.toString(static_cast<qlonglong>(c.words)));
    QStringList missing;
    for (const auto& [word, n] : c.missing)
      missing << tr("%1 (%2)").arg(QString::fromStdString(word)).arg(n);
    if (!missing.isEmpty())
      text += QLatin1Char(' ') + tr("Most frequent without a vector: %1.").arg(missing.join(", "));
  }
  showSummary(text, false);
  emit changed();
}

void VectorsChooser::showSummary(const QString& text, bool isError) {
  summary_->setText(text);
  summary_->setToolTip(QDir::toNativeSeparators(file_));
  summary_->setStyleSheet(isError ? QStringLiteral("color: #b71c1c;") : QString());
  fitSummary();
}

void VectorsChooser::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitSummary();
}

// The Setup page's column does not ask a wrapped label for its height.
void VectorsChooser::fitSummary() {
  summary_->setMinimumHeight(0);  // else heightForWidth() answers at least the old minimum
  summary_->setMinimumHeight(summary_->heightForWidth(qMax(120, width())));
}

}  // namespace spanforge::ui
