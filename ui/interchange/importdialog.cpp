#include "interchange/importdialog.h"

#include "common/docstatusstyle.h"
#include "interchange/formatfilters.h"
#include "interchange/inputerrorsdialog.h"
#include "io/formatregistry.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QLocale>
#include <QProgressBar>
#include <QPushButton>
#include <QVBoxLayout>

namespace spanforge::ui {

ImportDialog::ImportDialog(const QString& projectPath, QWidget* parent)
    : QDialog(parent),
      projectPath_(projectPath),
      files_(new QListWidget(this)),
      format_(new QComboBox(this)),
      scheme_(new QComboBox(this)),
      status_(new QComboBox(this)),
      split_(new QComboBox(this)),
      skipInvalid_(new QCheckBox(tr("Import the valid records and list the others"), this)),
      addLabels_(new QCheckBox(tr("Add labels the project does not have yet"), this)),
      textsOnly_(new QCheckBox(tr("Texts only (drop spans): an unlabelled pool"), this)),
      progress_(new QProgressBar(this)),
      state_(new QLabel(this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Close, this)),
      worker_(new ImportWorker),
      thread_(std::make_unique<WorkerThread>(worker_)) {
  setWindowTitle(tr("Import Documents"));
  files_->setSelectionMode(QAbstractItemView::ExtendedSelection);
  files_->setMinimumHeight(90);
  auto* add = new QPushButton(tr("Add Files…"), this);
  auto* remove = new QPushButton(tr("Remove"), this);
  connect(add, &QPushButton::clicked, this, &ImportDialog::addFiles);
  connect(remove, &QPushButton::clicked, this, [this] { qDeleteAll(files_->selectedItems()); });
  auto* fileButtons = new QVBoxLayout;
  fileButtons->addWidget(add);
  fileButtons->addWidget(remove);
  fileButtons->addStretch();
  auto* fileRow = new QHBoxLayout;
  fileRow->addWidget(files_, 1);
  fileRow->addLayout(fileButtons);

  // The registry lists the formats; "detect" names the extensions it falls back on.
  const auto readable = io::FormatRegistry::supporting(io::FormatRegistry::Access::Read);
  format_->addItem(tr("Detect from the content, else the name (%1)")
                       .arg(FormatFilters::extensions(io::FormatRegistry::Access::Read)
                                .join(QStringLiteral(", "))),
                   int(io::Format::Auto));
  for (const io::FormatInfo* f : readable)
    format_->addItem(QString::fromStdString(f->displayName), int(f->format));
  scheme_->addItem(tr("Detect"), int(io::TagScheme::Auto));
  scheme_->addItem(QStringLiteral("IOB2"), int(io::TagScheme::Iob2));
  scheme_->addItem(QStringLiteral("IOB1"), int(io::TagScheme::Iob1));
  scheme_->addItem(QStringLiteral("BILUO"), int(io::TagScheme::Biluo));
  status_->addItem(tr("As in the file"), -1);
  for (text::DocStatus s : DocStatusStyle::all())
    status_->addItem(DocStatusStyle::name(s), static_cast<int>(s));
  split_->addItem(tr("None"), int(store::Split::None));
  split_->addItem(tr("Train"), int(store::Split::Train));
  split_->addItem(tr("Dev"), int(store::Split::Dev));
  split_->addItem(tr("Test"), int(store::Split::Test));

  auto* form = new QFormLayout;
  form->addRow(tr("Format:"), format_);
  form->addRow(tr("CoNLL tags:"), scheme_);
  form->addRow(tr("Status:"), status_);
  form->addRow(tr("Split:"), split_);
  form->addRow(QString(), skipInvalid_);
  form->addRow(QString(), addLabels_);
  form->addRow(QString(), textsOnly_);

  progress_->setRange(0, 1000);
  progress_->setValue(0);
  progress_->setTextVisible(false);
  // Shown while importing (and full after an import): an idle, empty bar
  // looked like a text field to type in. Its room is kept, so nothing jumps.
  QSizePolicy keep = progress_->sizePolicy();
  keep.setRetainSizeWhenHidden(true);
  progress_->setSizePolicy(keep);
  progress_->setVisible(false);
  state_->setWordWrap(true);
  state_->setText(
      tr("Choose one or more files. The import is all or nothing: a file with "
         "a problem leaves the project unchanged."));
  importButton_ = buttons_->addButton(tr("Import"), QDialogButtonBox::AcceptRole);
  importButton_->setDefault(true);
  connect(importButton_, &QPushButton::clicked, this, &ImportDialog::start);
  // Offered when the files use labels the project lacks: the fix that works.
  addMissing_ =
      buttons_->addButton(tr("Add the Missing Labels and Import"), QDialogButtonBox::ActionRole);
  addMissing_->hide();
  connect(addMissing_, &QPushButton::clicked, this, [this] {
    addLabels_->setChecked(true);
    addMissing_->hide();
    start();
  });
  connect(buttons_, &QDialogButtonBox::rejected, this, &ImportDialog::reject);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(new QLabel(tr("Files:"), this));
  layout->addLayout(fileRow);
  layout->addLayout(form);
  layout->addWidget(progress_);
  layout->addWidget(state_);
  layout->addWidget(buttons_);
  resize(560, 480);

  connect(worker_, &ImportWorker::progressed, this, &ImportDialog::onProgress);
  connect(worker_, &ImportWorker::finished, this, &ImportDialog::onFinished);
  updateRunning();
}

ImportDialog::~ImportDialog() {
  if (cancel_) cancel_->store(true);  // the thread's wait is short
}

void ImportDialog::setFiles(const QStringList& files) {
  files_->clear();
  for (const QString& f : files) {
    auto* item = new QListWidgetItem(QDir::toNativeSeparators(f), files_);
    item->setData(Qt::UserRole, f);
  }
}

QStringList ImportDialog::files() const {
  QStringList out;
  for (int i = 0; i < files_->count(); ++i) out << files_->item(i)->data(Qt::UserRole).toString();
  return out;
}

void ImportDialog::addFiles() {
  const QStringList chosen = QFileDialog::getOpenFileNames(
      this, tr("Import Documents"), QString(), FormatFilters::readFilter(tr("Documents")));
  setFiles(files() + chosen);
}

project::ImportOptions ImportDialog::options() const {
  project::ImportOptions o;
  o.format = static_cast<io::Format>(format_->currentData().toInt());
  o.scheme = static_cast<io::TagScheme>(scheme_->currentData().toInt());
  if (status_->currentData().toInt() >= 0)
    o.status = static_cast<text::DocStatus>(status_->currentData().toInt());
  o.split = static_cast<store::Split>(split_->currentData().toInt());
  o.skipInvalid = skipInvalid_->isChecked();
  o.addLabels = addLabels_->isChecked();
  o.dropSpans = textsOnly_->isChecked();
  return o;
}

QString ImportDialog::stateText() const { return state_->text(); }

void ImportDialog::updateRunning() {
  const bool running = jobs_.isRunning();
  progress_->setVisible(running);
  importButton_->setEnabled(!running);
  buttons_->button(QDialogButtonBox::Close)->setText(running ? tr("Cancel") : tr("Close"));
  for (QWidget* w : std::initializer_list<QWidget*>{files_, format_, scheme_, status_, split_,
                                                    skipInvalid_, addLabels_, textsOnly_})
    w->setEnabled(!running);
}

void ImportDialog::start() {
  if (jobs_.isRunning()) return;
  if (files().isEmpty()) {
    state_->setText(tr("Add at least one file first."));
    return;
  }
  ImportRequest request;
  request.job = jobs_.start();
  request.projectPath = projectPath_;
  request.files = files();
  request.options = options();
  request.cancel = cancel_ = std::make_shared<std::atomic<bool>>(false);
  progress_->setRange(0, 0);  // busy until the first report
  state_->setText(tr("Importing…"));
  updateRunning();
  ImportWorker* worker = worker_;
  QMetaObject::invokeMethod(
      worker, [worker, request] { worker->run(request); }, Qt::QueuedConnection);
}

void ImportDialog::cancel() {
  if (!jobs_.isRunning()) return;
  cancel_->store(true);
  // Abandon the job: its result (a rollback) is dropped when it arrives.
  jobs_.invalidate();
  updateRunning();
  progress_->setRange(0, 1000);
  progress_->setValue(0);
  state_->setText(tr("Cancelled. The project is unchanged."));
}

void ImportDialog::reject() {
  if (jobs_.isRunning())
    cancel();
  else
    QDialog::reject();
}

void ImportDialog::onProgress(int job, const project::ImportProgress& p) {
  if (!jobs_.isCurrent(job) || p.bytesTotal <= 0) return;
  progress_->setRange(0, 1000);
  progress_->setValue(static_cast<int>(std::min<int64_t>(1000, p.bytesDone * 1000 / p.bytesTotal)));
  state_->setText(tr("Importing %1… %2 documents read")
                      .arg(QFileInfo(QString::fromStdString(p.file)).fileName(),
                           QLocale().toString(static_cast<qlonglong>(p.documents))));
}

void ImportDialog::onFinished(const ImportOutcome& result) {
  const project::ImportReport& r = result.report;
  const QLocale locale;
  if (!jobs_.finish(result.job)) {
    // A job given up on: normally rolled back; if it had committed already,
    // the window must still show the new documents.
    if (r.committed) {
      state_->setText(tr("The cancelled import had already finished: %1 documents were added.")
                          .arg(locale.toString(static_cast<qlonglong>(r.imported))));
      emit imported(r.imported);
    }
    return;
  }
  updateRunning();
  progress_->setRange(0, 1000);
  progress_->setValue(r.committed ? 1000 : 0);
  progress_->setVisible(r.committed);
  if (!result.failure.isEmpty()) {
    state_->setText(tr("The import failed: %1 The project is unchanged.").arg(result.failure));
  } else if (!r.committed) {
    state_->setText(r.cancelled ? tr("Cancelled. The project is unchanged.")
                                : tr("Refused: %n problem(s) found. The project is unchanged.",
                                     nullptr, static_cast<int>(r.errors.size())));
    if (!r.missingLabels.empty()) {
      QStringList names;
      for (const auto& l : r.missingLabels) names << QString::fromStdString(l);
      state_->setText(tr("Refused: the files use %n label(s) the project does not have (%1). "
                         "“Add the Missing Labels and Import” creates them. The project is "
                         "unchanged.",
                         nullptr, static_cast<int>(names.size()))
                          .arg(names.join(QStringLiteral(", "))));
      addMissing_->setVisible(!r.cancelled);
    }
    if (!r.errors.empty())
      showErrors(r.missingLabels.empty()
                     ? tr("Nothing was imported: the files below have problems. Fix them, or "
                          "tick “Import the valid records” to leave those records out.")
                     : tr("Nothing was imported: the files use labels the project does not "
                          "have. Close this list and choose “Add the Missing Labels and "
                          "Import”, or add them with Labels > Manage Labels."),
                 r.errors);
  } else {
    QString text =
        tr("Imported %1 documents").arg(locale.toString(static_cast<qlonglong>(r.imported)));
    if (r.duplicates) text += tr(", %1 duplicates left out").arg(r.duplicates);
    if (r.skipped) text += tr(", %1 invalid records skipped").arg(r.skipped);
    if (!r.labelsAdded.empty()) text += tr(", %1 new labels").arg(r.labelsAdded.size());
    state_->setText(text + QLatin1Char('.'));
    if (!r.errors.empty())
      showErrors(tr("%1 records were left out:").arg(r.errors.size()), r.errors);
    emit imported(r.imported);
  }
  emit jobFinished(r.committed);
}

void ImportDialog::showErrors(const QString& summary, const std::vector<io::InputError>& errors) {
  if (errors_) errors_->deleteLater();
  errors_ = new InputErrorsDialog(summary, errors, this);
  errors_->setAttribute(Qt::WA_DeleteOnClose);
  errors_->open();
}

}  // namespace spanforge::ui
