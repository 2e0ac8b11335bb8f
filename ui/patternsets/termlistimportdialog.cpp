#include "patternsets/termlistimportdialog.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>

namespace spanforge::ui {

TermListImportDialog::TermListImportDialog(const std::vector<std::string>& labels, QWidget* parent)
    : QDialog(parent),
      label_(new QComboBox(this)),
      caseFold_(
          new QCheckBox(tr("Match whatever the case (\"apple\" also finds \"Apple\")"), this)),
      buttons_(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this)) {
  setWindowTitle(tr("Import Term List"));
  label_->setEditable(true);
  for (const auto& l : labels) label_->addItem(QString::fromStdString(l));
  label_->lineEdit()->setPlaceholderText(tr("a label, e.g. ORG"));
  auto* intro = new QLabel(
      tr("A term list is a text file with a term on each line (\"Acme Corp\"). Every term "
         "gets the one label chosen here; a new name becomes a label of the project."),
      this);
  intro->setWordWrap(true);
  auto* form = new QFormLayout(this);
  form->addRow(intro);
  form->addRow(tr("&Label:"), label_);
  form->addRow(caseFold_);
  form->addRow(buttons_);
  buttons_->button(QDialogButtonBox::Ok)->setText(tr("Choose File…"));
  auto update = [this] { buttons_->button(QDialogButtonBox::Ok)->setEnabled(!label().isEmpty()); };
  connect(label_, &QComboBox::currentTextChanged, this, update);
  connect(buttons_, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons_, &QDialogButtonBox::rejected, this, &QDialog::reject);
  update();
  setMinimumWidth(440);
}

QString TermListImportDialog::label() const { return label_->currentText().trimmed(); }

bool TermListImportDialog::caseFold() const { return caseFold_->isChecked(); }

}  // namespace spanforge::ui
