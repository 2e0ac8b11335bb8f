#pragma once

#include <QDialog>

#include <string>
#include <vector>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;

namespace spanforge::ui {

// What a term list needs before it is read: the one label of its terms (a
// project label, or a new name) and whether case matters.
class TermListImportDialog : public QDialog {
  Q_OBJECT

 public:
  TermListImportDialog(const std::vector<std::string>& labels, QWidget* parent = nullptr);

  QString label() const;
  bool caseFold() const;
  QComboBox* labelBox() const { return label_; }
  QCheckBox* caseFoldBox() const { return caseFold_; }

 private:
  QComboBox* label_;
  QCheckBox* caseFold_;
  QDialogButtonBox* buttons_;
};

}  // namespace spanforge::ui
