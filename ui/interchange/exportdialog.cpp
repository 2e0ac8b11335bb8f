#include "interchange/exportdialog.h"

#include "interchange/formatfilters.h"
#include "io/formatregistry.h"

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

  // The registry lists the formats; "auto" names the extensions it can pick from.
  const auto writable = io::FormatRegistry::supporting(io::FormatRegistry::Access::Write);
  format_->addItem(tr("From the file name (%1)")
                       .arg(FormatFilters::extensions(io::FormatRegistry::Access::Write)
                                .join(QStringLiteral(", "))),
                   int(io::Format::Auto));
  for (const io::FormatInfo* f : writable)
    format_->addItem(QString::fromStdString(f->displayName), int(f->format));
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
    if (!jobs_.isCurrent(job) || expected() <= 0) return;
    progress_->setRange(0, 1000);
    progress_->setValue(static_cast<int>(std::min<qint64>(1000, done * 1000 / expected())));
    state_->setText(tr("Exporting… %1 documents written").arg(QLocale().toString(done)));
  });
  connect(worker_, &ExportWorker::finished, this, &ExportDialog::onFinished);
  updateRunning();
}

ExportDialog::~ExportDialog() {
  if (cancel_) cancel_->store(true);
}

int64_t ExportDialog::expected() const { return acceptedOnly_->isChecked() ? accepted_ : all_; }

void ExportDialog::setOutputPath(const QString& path) {
  path_->setText(QDir::toNativeSeparators(path));
}

void ExportDialog::browse() {
  // Only extensions the export can map back to a format (doccano shares .jsonl).
  const QString path = QFileDialog::getSaveFileName(this, tr("Export Documents"), path_->text(),
                                                    FormatFilters::writeFilters());
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

void ExportDialog::updateRunning() {
  const bool running = jobs_.isRunning();
  exportButton_->setEnabled(!running);
  buttons_->button(QDialogButtonBox::Close)->setText(running ? tr("Cancel") : tr("Close"));
  for (QWidget* w : std::initializer_list<QWidget*>{path_, format_, scheme_, acceptedOnly_})
    w->setEnabled(!running);
}

void ExportDialog::start() {
  if (jobs_.isRunning()) return;
  const QString path = QDir::fromNativeSeparators(path_->text().trimmed());
  if (path.isEmpty()) {
    state_->setText(tr("Choose a file to write first."));
    return;
  }
  ExportRequest request;
  request.job = jobs_.start();
  request.projectPath = projectPath_;
  request.outputPath = path;
  request.options = options();
  request.cancel = cancel_ = std::make_shared<std::atomic<bool>>(false);
  progress_->setRange(0, 0);
  state_->setText(tr("Exporting…"));
  updateRunning();
  ExportWorker* worker = worker_;
  QMetaObject::invokeMethod(
      worker, [worker, request] { worker->run(request); }, Qt::QueuedConnection);
}

void ExportDialog::cancel() {
  if (!jobs_.isRunning()) return;
  cancel_->store(true);
  jobs_.invalidate();  // its result is dropped when it arrives
  updateRunning();
  progress_->setRange(0, 1000);
  progress_->setValue(0);
  state_->setText(tr("Cancelled. Nothing was written."));
}

void ExportDialog::reject() {
  if (jobs_.isRunning())
    cancel();
  else
    QDialog::reject();
}

void ExportDialog::onFinished(const ExportOutcome& result) {
  if (!jobs_.finish(result.job)) return;  // a cancelled job: dropped
  updateRunning();
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
