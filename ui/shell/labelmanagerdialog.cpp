#include "shell/labelmanagerdialog.h"

#include "session/annotationsession.h"
#include "store/projectstore.h"

#include <QColorDialog>
#include <QDialogButtonBox>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QMessageBox>
#include <QPainter>
#include <QPushButton>
#include <QTableWidget>
#include <QUndoStack>
#include <QVBoxLayout>

namespace spanforge::ui {

namespace {
QIcon swatchIcon(const QColor& color, qreal dpr) {
  QPixmap pm(QSize(14, 14) * dpr);
  pm.setDevicePixelRatio(dpr);
  pm.fill(Qt::transparent);
  QPainter p(&pm);
  p.setRenderHint(QPainter::Antialiasing);
  p.setPen(color.darker(140));
  p.setBrush(color);
  p.drawRoundedRect(QRectF(1.5, 1.5, 11, 11), 3, 3);
  return QIcon(pm);
}
}  // namespace

LabelManagerDialog::LabelManagerDialog(AnnotationSession& session, QWidget* parent)
    : QDialog(parent),
      session_(session),
      table_(new QTableWidget(this)),
      newName_(new QLineEdit(this)),
      add_(new QPushButton(tr("Add"), this)),
      color_(new QPushButton(tr("Colour…"), this)),
      delete_(new QPushButton(tr("Delete…"), this)),
      undo_(new QPushButton(tr("Undo"), this)),
      redo_(new QPushButton(tr("Redo"), this)),
      message_(new QLabel(this)) {
  setWindowTitle(tr("Labels"));
  table_->setColumnCount(3);
  table_->setHorizontalHeaderLabels({tr("Label"), tr("Key"), tr("Spans")});
  table_->verticalHeader()->hide();
  table_->setSelectionBehavior(QAbstractItemView::SelectRows);
  table_->setSelectionMode(QAbstractItemView::SingleSelection);
  // Double-click or F2 edits a cell; a key typed in the table does not, so
  // the dialog never opens with a name as if it were being edited.
  table_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed);
  table_->horizontalHeader()->setSectionResizeMode(0, QHeaderView::Stretch);
  table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::ResizeToContents);
  table_->horizontalHeader()->setSectionResizeMode(2, QHeaderView::ResizeToContents);
  table_->setToolTip(tr("Double-click a name or key (or press F2) to change it"));

  newName_->setPlaceholderText(tr("New label name"));
  add_->setToolTip(tr("Add a label with the next free colour and key"));
  color_->setToolTip(tr("Choose the colour of the selected label"));
  delete_->setToolTip(tr("Delete the selected label and its spans (undoable)"));
  message_->setWordWrap(true);
  message_->setForegroundRole(QPalette::PlaceholderText);
  message_->setText(tr("Keys are 1-9 or a-z. Every change is saved at once and can be undone."));

  auto* side = new QVBoxLayout;
  side->addWidget(color_);
  side->addWidget(delete_);
  side->addStretch();
  side->addWidget(undo_);
  side->addWidget(redo_);
  auto* grid = new QGridLayout;
  grid->addWidget(table_, 0, 0);
  grid->addLayout(side, 0, 1);
  grid->addWidget(newName_, 1, 0);
  grid->addWidget(add_, 1, 1);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Close, this);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(grid, 1);
  layout->addWidget(message_);
  layout->addWidget(buttons);
  resize(480, 420);

  QUndoStack* stack = session_.undoStack();
  connect(undo_, &QPushButton::clicked, stack, &QUndoStack::undo);
  connect(redo_, &QPushButton::clicked, stack, &QUndoStack::redo);
  connect(stack, &QUndoStack::canUndoChanged, undo_, &QPushButton::setEnabled);
  connect(stack, &QUndoStack::canRedoChanged, redo_, &QPushButton::setEnabled);
  undo_->setEnabled(stack->canUndo());
  redo_->setEnabled(stack->canRedo());

  connect(add_, &QPushButton::clicked, this, &LabelManagerDialog::addLabel);
  connect(newName_, &QLineEdit::returnPressed, this, &LabelManagerDialog::addLabel);
  connect(color_, &QPushButton::clicked, this, &LabelManagerDialog::recolorSelected);
  connect(delete_, &QPushButton::clicked, this, &LabelManagerDialog::deleteSelected);
  connect(table_, &QTableWidget::itemChanged, this, &LabelManagerDialog::onItemChanged);
  connect(table_, &QTableWidget::itemSelectionChanged, this, &LabelManagerDialog::updateButtons);
  connect(table_, &QTableWidget::cellDoubleClicked, this, [this](int, int column) {
    if (column == 2) recolorSelected();
  });
  connect(&session_, &AnnotationSession::labelsChanged, this, &LabelManagerDialog::rebuild);
  connect(&session_, &AnnotationSession::countsChanged, this, &LabelManagerDialog::rebuild);
  rebuild();
  newName_->setFocus(Qt::OtherFocusReason);  // what most people open it for
}

QString LabelManagerDialog::messageText() const { return message_->text(); }

int LabelManagerDialog::rowOf(const QString& name) const {
  for (int row = 0; row < table_->rowCount(); ++row)
    if (table_->item(row, 0)->data(Qt::UserRole).toString() == name) return row;
  return -1;
}

QString LabelManagerDialog::selectedName() const {
  const QList<QTableWidgetItem*> items = table_->selectedItems();
  return items.isEmpty() ? QString()
                         : table_->item(items.front()->row(), 0)->data(Qt::UserRole).toString();
}

void LabelManagerDialog::rebuild() {
  if (handlingEdit_) {
    // Not under the item being edited: rebuild once the edit is over.
    QMetaObject::invokeMethod(this, &LabelManagerDialog::rebuild, Qt::QueuedConnection);
    return;
  }
  const QString selected = selectedName();
  rebuilding_ = true;
  const qreal dpr = devicePixelRatioF();
  const QLocale locale;
  const auto& labels = session_.labels();
  table_->setRowCount(static_cast<int>(labels.size()));
  for (int row = 0; row < static_cast<int>(labels.size()); ++row) {
    const store::Label& l = labels[size_t(row)];
    const QString name = QString::fromStdString(l.name);
    auto* nameItem =
        new QTableWidgetItem(swatchIcon(QColor(QString::fromStdString(l.color)), dpr), name);
    nameItem->setData(Qt::UserRole, name);
    table_->setItem(row, 0, nameItem);
    auto* key = new QTableWidgetItem(QString::fromStdString(l.hotkey).toUpper());
    key->setTextAlignment(Qt::AlignCenter);
    table_->setItem(row, 1, key);
    const auto it = session_.spanCounts().find(l.name);
    auto* spans = new QTableWidgetItem(locale.toString(
        static_cast<qlonglong>(it == session_.spanCounts().end() ? 0 : it->second)));
    spans->setFlags(spans->flags() & ~Qt::ItemIsEditable);
    spans->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    table_->setItem(row, 2, spans);
  }
  const int row = rowOf(selected);
  if (row >= 0) table_->selectRow(row);
  rebuilding_ = false;
  updateButtons();
}

void LabelManagerDialog::updateButtons() {
  const bool any = !selectedName().isEmpty();
  color_->setEnabled(any);
  delete_->setEnabled(any);
}

void LabelManagerDialog::report(bool ok) {
  message_->setForegroundRole(ok ? QPalette::PlaceholderText : QPalette::Text);
  message_->setText(
      ok ? tr("Saved. Undo with the Undo button or %1.")
               .arg(QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText))
         : session_.lastError());
}

void LabelManagerDialog::onItemChanged(QTableWidgetItem* item) {
  if (rebuilding_) return;
  const QString name = table_->item(item->row(), 0)->data(Qt::UserRole).toString();
  const QString value = item->text().trimmed();
  const int column = item->column();
  handlingEdit_ = true;
  bool ok = true;
  if (column == 0)
    ok = session_.renameLabel(name.toStdString(), value.toStdString());
  else if (column == 1)
    ok = session_.setLabelHotkey(name.toStdString(), value.toStdString());
  handlingEdit_ = false;
  report(ok);
  // Shows the stored state (a refused edit springs back).
  QMetaObject::invokeMethod(this, &LabelManagerDialog::rebuild, Qt::QueuedConnection);
}

void LabelManagerDialog::addLabel() {
  const QString name = newName_->text().trimmed();
  if (name.isEmpty()) return;
  const bool ok = session_.addLabel(name.toStdString());
  report(ok);
  if (!ok) return;
  newName_->clear();
  table_->selectRow(rowOf(name));
}

void LabelManagerDialog::recolorSelected() {
  const QString name = selectedName();
  const auto label = session_.label(name.toStdString());
  if (!label) return;
  const QColor chosen = QColorDialog::getColor(QColor(QString::fromStdString(label->color)), this,
                                               tr("Colour of %1").arg(name));
  if (!chosen.isValid()) return;
  report(session_.setLabelColor(label->name, chosen.name().toStdString()));
}

void LabelManagerDialog::deleteSelected() {
  const QString name = selectedName();
  if (name.isEmpty()) return;
  const auto it = session_.spanCounts().find(name.toStdString());
  const int64_t spans = it == session_.spanCounts().end() ? 0 : it->second;
  store::DocumentFilter filter;
  filter.label = name.toStdString();
  const int64_t documents = session_.project().documents().count(filter);
  const QLocale locale;
  QMessageBox box(QMessageBox::Warning, tr("Delete label"),
                  spans == 0 ? tr("Delete the label %1? No span uses it.").arg(name)
                             : tr("Delete the label %1 and its %2 spans in %3 documents?")
                                   .arg(name, locale.toString(static_cast<qlonglong>(spans)),
                                        locale.toString(static_cast<qlonglong>(documents))),
                  QMessageBox::Cancel, this);
  box.setObjectName(QStringLiteral("confirmDeleteLabel"));
  box.setInformativeText(
      tr("Undo brings the label and its spans back (not the model's "
         "predictions of it)."));
  QPushButton* yes = box.addButton(tr("Delete"), QMessageBox::DestructiveRole);
  box.setDefaultButton(QMessageBox::Cancel);
  box.exec();
  if (box.clickedButton() != yes) return;
  report(session_.removeLabel(name.toStdString()));
}

}  // namespace spanforge::ui
