#include "training/setup/pretrainedchooser.h"

#include "common/nativepath.h"
#include "train/package/modelpackageerror.h"
#include "train/pretrain/pretrainedweights.h"

#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

namespace spanforge::ui {

PretrainedChooser::PretrainedChooser(QWidget* parent)
    : QWidget(parent),
      random_(new QRadioButton(tr("Random weights"), this)),
      pretrained_(new QRadioButton(tr("Pretrained weights"), this)),
      choose_(new QPushButton(tr("Choose Folder…"), this)),
      folderLabel_(new QLabel(this)),
      summary_(new QLabel(this)) {
  random_->setChecked(true);
  pretrained_->setToolTip(
      tr("Weights from spanforge-cli pretrain, trained on unlabelled text: they help most "
         "with few labels"));
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  folderLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* row = new QHBoxLayout;
  row->addWidget(pretrained_, 1);
  row->addWidget(choose_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(random_);
  layout->addLayout(row);
  layout->addWidget(folderLabel_);
  layout->addWidget(summary_);
  connect(random_, &QRadioButton::toggled, this, [this] {
    update();
    emit changed();
  });
  connect(choose_, &QPushButton::clicked, this, &PretrainedChooser::choose);
  update();
}

void PretrainedChooser::setFolder(const QString& folder) {
  folder_ = folder;
  (folder.isEmpty() ? random_ : pretrained_)->setChecked(true);
  update();
  emit changed();
}

QString PretrainedChooser::folder() const { return pretrained_->isChecked() ? folder_ : QString(); }

void PretrainedChooser::choose() {
  const QString dir = QFileDialog::getExistingDirectory(
      this, tr("Pretrained Weights (spanforge-cli pretrain --output)"), folder_);
  if (!dir.isEmpty()) setFolder(dir);
}

void PretrainedChooser::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  elideFolder();
}

// The path in one line, its middle elided to fit; whole in the tool tip.
// Also fits the summary's height to its wrapped text: the layout of the
// Setup page's column does not ask a wrapped label for it.
void PretrainedChooser::elideFolder() {
  const QString shown = QDir::toNativeSeparators(folder_);
  folderLabel_->setToolTip(shown);
  folderLabel_->setText(fontMetrics().elidedText(shown, Qt::ElideMiddle, qMax(120, width())));
  summary_->setMinimumHeight(0);  // else heightForWidth() answers at least the old minimum
  summary_->setMinimumHeight(qMax(0, summary_->heightForWidth(qMax(120, width()))));
}

void PretrainedChooser::update() {
  error_.clear();
  const bool chosen = pretrained_->isChecked();
  elideFolder();
  folderLabel_->setVisible(chosen && !folder_.isEmpty());
  if (!chosen) {
    summary_->setText(tr("A new model starts from random weights."));
    summary_->setStyleSheet(QString());
    elideFolder();
    return;
  }
  if (folder_.isEmpty()) {
    error_ = tr("Choose the folder spanforge-cli pretrain wrote.");
  } else {
    try {
      const auto s = train::PretrainedWeights::readSummary(nativePath(folder_));
      const QLocale locale;
      summary_->setText(tr("Pretrained %1 steps on %2 sentences (%3 words seen), held-out "
                           "loss %4, on %5.")
                            .arg(locale.toString(static_cast<qlonglong>(s.steps)))
                            .arg(locale.toString(static_cast<qlonglong>(s.sentences)))
                            .arg(locale.toString(static_cast<qlonglong>(s.words)))
                            .arg(s.heldOutLoss, 0, 'f', 3)
                            .arg(QString::fromStdString(s.created.substr(0, 10))));
      summary_->setStyleSheet(QString());
      elideFolder();
      return;
    } catch (const train::ModelPackageError& e) {
      error_ = tr("Cannot use %1: %2")
                   .arg(QDir::toNativeSeparators(QString::fromStdString(e.path())),
                        QString::fromStdString(e.message()));
    }
  }
  summary_->setText(error_);
  summary_->setStyleSheet(QStringLiteral("color: #b71c1c;"));
  elideFolder();
}

}  // namespace spanforge::ui
