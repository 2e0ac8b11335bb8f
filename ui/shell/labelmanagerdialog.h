#pragma once

#include <QDialog>

class QLabel;
class QLineEdit;
class QPushButton;
class QTableWidget;
class QTableWidgetItem;

namespace spanforge::ui {

class AnnotationSession;

// Labels > Manage Labels: the project's labels in a table (name and hotkey
// editable in place, span counts), with Add, Colour…, Delete… and Undo/Redo.
// Every change is an undoable session command, saved at once and shown
// everywhere (editor, label bar, browser filter) as soon as it is made;
// deleting asks first, naming the spans and documents it affects.
class LabelManagerDialog : public QDialog {
  Q_OBJECT

 public:
  explicit LabelManagerDialog(AnnotationSession& session, QWidget* parent = nullptr);

  QTableWidget* table() const { return table_; }
  QLineEdit* newNameEdit() const { return newName_; }
  QPushButton* addButton() const { return add_; }
  QPushButton* colorButton() const { return color_; }
  QPushButton* deleteButton() const { return delete_; }
  QString messageText() const;
  // The row of a label, or -1.
  int rowOf(const QString& name) const;

 public slots:
  void addLabel();
  void recolorSelected();
  void deleteSelected();

 private:
  void rebuild();
  void onItemChanged(QTableWidgetItem* item);
  QString selectedName() const;
  void report(bool ok);
  void updateButtons();

  AnnotationSession& session_;
  QTableWidget* table_;
  QLineEdit* newName_;
  QPushButton* add_;
  QPushButton* color_;
  QPushButton* delete_;
  QPushButton* undo_;
  QPushButton* redo_;
  QLabel* message_;
  bool rebuilding_ = false;
  bool handlingEdit_ = false;
};

}  // namespace spanforge::ui
