#include "interchange/inputerrorsdialog.h"

#include <QApplication>
#include <QClipboard>
#include <QDialogButtonBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace spanforge::ui {

InputErrorsDialog::InputErrorsDialog(const QString& summary,
                                     const std::vector<io::InputError>& errors, QWidget* parent)
    : QDialog(parent), table_(new QTableWidget(this)), summary_(summary) {
  setWindowTitle(tr("Problems in the input"));
  setObjectName(QStringLiteral("inputErrorsDialog"));
  auto* label = new QLabel(summary, this);
  label->setWordWrap(true);

  table_->setColumnCount(4);
  table_->setHorizontalHeaderLabels({tr("File"), tr("Line"), tr("Field"), tr("Problem")});
  table_->setRowCount(static_cast<int>(errors.size()));
  table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->verticalHeader()->hide();
  table_->horizontalHeader()->setStretchLastSection(true);
  table_->setWordWrap(false);
  QStringList lines;
  for (int row = 0; row < static_cast<int>(errors.size()); ++row) {
    const io::InputError& e = errors[size_t(row)];
    const QString file = QString::fromStdString(e.file());
    auto* fileItem = new QTableWidgetItem(QFileInfo(file).fileName());
    fileItem->setToolTip(file);
    table_->setItem(row, 0, fileItem);
    auto* line = new QTableWidgetItem(e.line() > 0 ? QString::number(e.line()) : QString());
    line->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    table_->setItem(row, 1, line);
    table_->setItem(row, 2, new QTableWidgetItem(QString::fromStdString(e.field())));
    auto* problem = new QTableWidgetItem(QString::fromStdString(e.message()));
    problem->setToolTip(problem->text());
    table_->setItem(row, 3, problem);
    lines << QString::fromStdString(e.what());
  }
  table_->resizeColumnsToContents();

  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  QPushButton* copy = buttons->addButton(tr("Copy"), QDialogButtonBox::ActionRole);
  connect(copy, &QPushButton::clicked, this,
          [lines] { QApplication::clipboard()->setText(lines.join(QLatin1Char('\n'))); });
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(label);
  layout->addWidget(table_, 1);
  layout->addWidget(buttons);
  resize(760, 360);
}

}  // namespace spanforge::ui
