#pragma once

#include "train/config/configschema.h"

#include <QWidget>

#include <optional>

class QCheckBox;
class QComboBox;
class QLineEdit;

namespace spanforge::ui {

// The input for one setting of the training config, chosen by its type: a
// check box for booleans, a combo box for strings with a fixed set of values
// ("one of ..."), a line edit otherwise. It parses and range-checks its text
// with the schema's own rule and shows an error (red frame, tool tip) that
// names the allowed values.
class ConfigFieldEditor : public QWidget {
  Q_OBJECT

 public:
  ConfigFieldEditor(const train::ConfigField& field, QWidget* parent = nullptr);

  const train::ConfigField& field() const { return field_; }
  void setValue(const train::ConfigValue& value);
  // nullopt (and `error` set) when the text does not parse or is out of range.
  std::optional<train::ConfigValue> value(QString* error = nullptr) const;
  // An error from a rule between settings; empty clears it.
  void setError(const QString& error);
  QString error() const { return error_; }
  QWidget* input() const;

 signals:
  void edited();

 private:
  const train::ConfigField& field_;
  QLineEdit* line_ = nullptr;
  QComboBox* combo_ = nullptr;
  QCheckBox* check_ = nullptr;
  QString error_;
};

}  // namespace spanforge::ui
