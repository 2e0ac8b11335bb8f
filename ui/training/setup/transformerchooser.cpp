#include "training/setup/transformerchooser.h"

#include "common/nativepath.h"
#include "transformer/modelfolder.h"

#include <QDir>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QLabel>
#include <QPushButton>
#include <QRadioButton>
#include <QVBoxLayout>

#include <stdexcept>

namespace spanforge::ui {

TransformerChooser::TransformerChooser(QWidget* parent)
    : QWidget(parent),
      own_(new QRadioButton(tr("Spanforge's own encoder (see model.encoder)"), this)),
      transformer_(new QRadioButton(tr("Pretrained transformer"), this)),
      choose_(new QPushButton(tr("Choose Folder…"), this)),
      folderLabel_(new QLabel(this)),
      summary_(new QLabel(this)) {
  own_->setChecked(true);
  transformer_->setToolTip(
      tr("Fine-tune BERT, RoBERTa, XLM-RoBERTa, DistilBERT, ELECTRA or ModernBERT from a Hugging "
         "Face model folder: config.json, model.safetensors and its tokenizer files"));
  summary_->setWordWrap(true);
  summary_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  folderLabel_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  auto* row = new QHBoxLayout;
  row->addWidget(transformer_, 1);
  row->addWidget(choose_);
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addWidget(own_);
  layout->addLayout(row);
  layout->addWidget(folderLabel_);
  layout->addWidget(summary_);
  connect(own_, &QRadioButton::clicked, this, [this] {
    update();
    emit changed();
    emit chosen(QString());
  });
  connect(transformer_, &QRadioButton::clicked, this, [this] {
    if (folder_.isEmpty()) return choose();
    update();
    emit changed();
    emit chosen(folder_);
  });
  connect(choose_, &QPushButton::clicked, this, &TransformerChooser::choose);
  update();
}

void TransformerChooser::setFolder(const QString& folder) {
  folder_ = folder;
  (folder.isEmpty() ? own_ : transformer_)->setChecked(true);
  update();
  emit changed();
}

QString TransformerChooser::folder() const {
  return transformer_->isChecked() ? folder_ : QString();
}

// Window-modal and not blocking (open(), not exec()), as the other choosers.
void TransformerChooser::choose() {
  auto* dialog = new QFileDialog(this, tr("Hugging Face Model Folder"), folder_);
  dialog->setAttribute(Qt::WA_DeleteOnClose);
  dialog->setFileMode(QFileDialog::Directory);
  dialog->setOption(QFileDialog::ShowDirsOnly);
  connect(dialog, &QFileDialog::fileSelected, this, [this](const QString& dir) {
    setFolder(dir);
    emit chosen(dir);
  });
  connect(dialog, &QFileDialog::rejected, this, [this] {
    if (folder_.isEmpty()) own_->setChecked(true);  // nothing was chosen
  });
  dialog->open();
}

void TransformerChooser::resizeEvent(QResizeEvent* event) {
  QWidget::resizeEvent(event);
  fitSummary();
}

// The path in one line, elided in the middle; the summary's height follows
// its wrapped text (the Setup page's column does not ask a wrapped label).
void TransformerChooser::fitSummary() {
  const QString shown = QDir::toNativeSeparators(folder_);
  folderLabel_->setToolTip(shown);
  folderLabel_->setText(fontMetrics().elidedText(shown, Qt::ElideMiddle, qMax(120, width())));
  summary_->setMinimumHeight(0);
  summary_->setMinimumHeight(qMax(0, summary_->heightForWidth(qMax(120, width()))));
}

// Reads config.json, the weights file's header and the tokenizer: no weight
// is loaded, so a folder of a large model is described at once.
void TransformerChooser::update() {
  error_.clear();
  const bool chosen = transformer_->isChecked() && !folder_.isEmpty();
  folderLabel_->setVisible(chosen);
  if (!chosen) {
    summary_->setText(tr("Trains from scratch on your labels, with word vectors if chosen."));
    summary_->setStyleSheet(QString());
    fitSummary();
    return;
  }
  try {
    const auto info = transformer::inspectModelFolder(nativePath(folder_));
    summary_->setText(QString::fromStdString(info.summary()));
    summary_->setStyleSheet(QString());
  } catch (const std::exception& e) {
    error_ = tr("Cannot fine-tune %1: %2")
                 .arg(QDir::toNativeSeparators(folder_), QString::fromStdString(e.what()));
    summary_->setText(error_);
    summary_->setStyleSheet(QStringLiteral("color: #b71c1c;"));
  }
  fitSummary();
}

}  // namespace spanforge::ui
