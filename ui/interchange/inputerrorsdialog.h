#pragma once

#include "io/inputerror.h"

#include <QDialog>

#include <vector>

class QTableWidget;

namespace spanforge::ui {

// The problems found in input files as a table (file, line, field, problem)
// under a one-line summary, with a button that copies them as text.
class InputErrorsDialog : public QDialog {
  Q_OBJECT

 public:
  InputErrorsDialog(const QString& summary, const std::vector<io::InputError>& errors,
                    QWidget* parent = nullptr);

  QTableWidget* table() const { return table_; }
  QString summary() const { return summary_; }

 private:
  QTableWidget* table_;
  QString summary_;
};

}  // namespace spanforge::ui
