#include "exportdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace spanforge::ui {

ExportDialog::ExportDialog(const QString& projectPath, int64_t accepted, int64_t all,
                           QWidget* parent)
    : QDialog(parent),
      projectPath_(projectPath),
      accepted_(accepted),
      all_(all),
      path_(new QLineEdit(this)),
      format_(new QComboBox(this)),
      scheme_(new QComboBox(this)),
      acceptedOnly_(new QCheckBox(this)),
      progress_(new QProgressBar(this)),
      state_(new QLabel(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Close, this)),
      worker_(new ExportWorker),
      thread_(std::make_unique<WorkerThread>(worker_)) {
  setWindowTitle(tr("Export Documents"));
  auto* browseButton = new QPushButton(tr("Browse…"), this);
  connect(browseButton, &QPushButton::clicked, this, &ExportDialog::browse);
  auto* pathRow = new QHBoxLayout;
  pathRow->addWidget(path_, 1);
  pathRow->addWidget(browseButton);

  format_->addItem(tr("From the file name (.jsonl, .json, .conll, .txt)"), int(io::Format::Auto));
  format_->addItem(tr("JSONL (Prodigy, spaCy)"), int(io::Format::Jsonl));
  format_->addItem(tr("doccano JSONL"), int(io::Format::Doccano));
  format_->addItem(tr("Label Studio JSON"), int(io::Format::LabelStudio));
  format_->addItem(tr("CoNLL (token per line)"), int(io::Format::Conll));
  format_->addItem(tr("Plain text"), int(io::Format::Text));
  scheme_->addItem(QStringLiteral("IOB2"), int(io::TagScheme::Iob2));
  scheme_->addItem(QStringLiteral("IOB1"), int(io::TagScheme::Iob1));
  scheme_->addItem(QStringLiteral("BILUO"), int(io::TagScheme::Biluo));
  const QLocale locale;
  acceptedOnly_->setText(tr("Accepted documents only (%1 of %2)")
                             .arg(locale.toString(static_cast<qlonglong>(accepted)),
                                  locale.toString(static_cast<qlonglong>(all))));
  acceptedOnly_->setChecked(true);

  auto* form = new QFormLayout;
  form->addRow(tr("File:"), pathRow);
  form->addRow(tr("Format:"), format_);
  form->addRow(tr("CoNLL tags:"), scheme_);
  form->addRow(QString(), acceptedOnly_);
  progress_->setTextVisible(false);
  progress_->setRange(0, 1000);
  progress_->setValue(0);
  state_->setWordWrap(true);
  exportButton_ = buttons_->addButton(tr("Export"), QDialogButtonBox::AcceptRole);
  exportButton_->setDefault(true);
  connect(exportButton_, &QPushButton::clicked, this, &ExportDialog::start);
  connect(buttons_, &QDialogButtonBox::rejected, this, &ExportDialog::reject);

  auto* layout = new QVBoxLayout(this);
  layout->addLayout(form);
  layout->addWidget(progress_);
  layout->addWidget(state_);
  layout->addStretch();
  layout->addWidget(buttons_);
  resize(560, 260);

  connect(worker_, &ExportWorker::progressed, this, [this](int job, qint64 done) {
    if (job != running_ || expected() <= 0) return;
    progress_->setRange(0, 1000);
    progress_->setValue(static_cast<int>(std::min<qint64>(1000, done * 1000 / expected())));
    state_->setText(tr("Exporting… %1 documents written").arg(QLocale().toString(done)));
  });
  connect(worker_, &ExportWorker::finished, this, &ExportDialog::onFinished);
  setRunning(0);
}

ExportDialog::~ExportDialog() {
  if (cancel_) cancel_->store(true);
}

int64_t ExportDialog::expected() const { return acceptedOnly_->isChecked() ? accepted_ : all_; }

void ExportDialog::setOutputPath(const QString& path) {
  path_->setText(QDir::toNativeSeparators(path));
}

void ExportDialog::browse() {
  const QString path = QFileDialog::getSaveFileName(
      this, tr("Export Documents"), path_->text(),
      tr("JSONL (*.jsonl);;Label Studio JSON (*.json);;CoNLL (*.conll);;Text (*.txt)"));
  if (!path.isEmpty()) setOutputPath(path);
}

project::ExportOptions ExportDialog::options() const {
  project::ExportOptions o;
  o.format = static_cast<io::Format>(format_->currentData().toInt());
  o.scheme = static_cast<io::TagScheme>(scheme_->currentData().toInt());
  o.acceptedOnly = acceptedOnly_->isChecked();
  return o;
}

QString ExportDialog::stateText() const { return state_->text(); }

void ExportDialog::setRunning(int job) {
  running_ = job;
  exportButton_->setEnabled(job == 0);
  buttons_->button(QDialogButtonBox::Close)->setText(job ? tr("Cancel") : tr("Close"));
  for (QWidget* w : std::initializer_list<QWidget*>{path_, format_, scheme_, acceptedOnly_})
    w->setEnabled(job == 0);
}

void ExportDialog::start() {
  if (running_) return;
  const QString path = QDir::fromNativeSeparators(path_->text().trimmed());
  if (path.isEmpty()) {
    state_->setText(tr("Choose a file to write first."));
    return;
  }
  ExportRequest request;
  request.job = ++lastJob_;
  request.projectPath = projectPath_;
  request.outputPath = path;
  request.options = options();
  request.cancel = cancel_ = std::make_shared<std::atomic<bool>>(false);
  progress_->setRange(0, 0);
  state_->setText(tr("Exporting…"));
  setRunning(request.job);
  ExportWorker* worker = worker_;
  QMetaObject::invokeMethod(
      worker, [worker, request] { worker->run(request); }, Qt::QueuedConnection);
}

void ExportDialog::cancel() {
  if (!running_) return;
  cancel_->store(true);
  setRunning(0);
  progress_->setRange(0, 1000);
  progress_->setValue(0);
  state_->setText(tr("Cancelled. Nothing was written."));
}

void ExportDialog::reject() {
  if (running_)
    cancel();
  else
    QDialog::reject();
}

void ExportDialog::onFinished(const ExportResult& result) {
  if (result.job != running_) return;  // a cancelled job: dropped
  setRunning(0);
  progress_->setRange(0, 1000);
  const bool written = result.failure.isEmpty() && !result.report.cancelled;
  progress_->setValue(written ? 1000 : 0);
  if (!result.failure.isEmpty())
    state_->setText(tr("The export failed: %1").arg(result.failure));
  else if (result.report.cancelled)
    state_->setText(tr("Cancelled. Nothing was written."));
  else
    state_->setText(tr("Wrote %1 documents as %2.")
                        .arg(QLocale().toString(static_cast<qlonglong>(result.report.documents)),
                             QString::fromUtf8(io::toString(result.report.format))));
  emit jobFinished(written);
}

}  // namespace spanforge::ui
