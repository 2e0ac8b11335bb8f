#pragma once

#include "train/config/trainconfig.h"

#include <QStringList>
#include <QWidget>

#include <vector>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QGroupBox;
class QLabel;

namespace spanforge::ui {

class ConfigFieldEditor;

// The training config (the TOML settings of `spanforge-cli init-config`) as a
// validated form: a preset (default, fast, accurate), the settings people
// change most, and an advanced view with every other key by section. Each
// value is checked with the schema's rule and the rules between settings are
// checked on the whole config; errors are shown at the field and listed.
class ConfigForm : public QWidget {
  Q_OBJECT

 public:
  // `excluded`: "section.key" names other widgets edit (device, data split).
  explicit ConfigForm(const QStringList& excluded = {}, QWidget* parent = nullptr);

  void setConfig(const train::TrainConfig& config);
  // The config last set with every valid value of the form applied.
  train::TrainConfig config() const;
  // "section.key: must be ..." per invalid value or broken rule; empty when valid.
  QStringList errors() const { return errors_; }
  bool isValid() const { return errors_.isEmpty(); }

  void setAdvanced(bool advanced);
  // The label in front of the setting's field ("Head learning rate:").
  QString rowLabel(const QString& name) const;
  bool isAdvanced() const;
  ConfigFieldEditor* editor(const QString& name) const;
  QComboBox* presetBox() const { return preset_; }
  QCheckBox* advancedBox() const { return advanced_; }

 signals:
  void changed();

 private:
  void validate();
  void updateRows();
  void applyPreset();

  train::TrainConfig base_;
  QComboBox* preset_;
  QCheckBox* advanced_;
  QLabel* errorLabel_;
  QFormLayout* basic_ = nullptr;  // the settings shown without "Show every setting"
  std::vector<ConfigFieldEditor*> editors_;
  std::vector<QGroupBox*> advancedGroups_;
  QStringList errors_;
};

}  // namespace spanforge::ui
