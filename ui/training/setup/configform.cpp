#include "training/setup/configform.h"

#include "train/config/configschema.h"
#include "training/setup/configfieldeditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QVBoxLayout>

#include <map>

namespace spanforge::ui {
namespace {

// What most people change; everything else is under "Show every setting".
// A transformer's own rate shows only for a transformer (updateRows).
const QStringList kBasic = {"model.encoder",
                            "model.hidden",
                            "model.dropout",
                            "training.learning_rate",
                            "training.transformer_learning_rate",
                            "training.batch_words",
                            "training.eval_frequency",
                            "training.patience",
                            "training.max_steps",
                            "training.max_minutes",
                            "training.seed"};

QString title(const train::ConfigField& f) {
  QString t = QString::fromStdString(f.key).replace(QLatin1Char('_'), QLatin1Char(' '));
  t[0] = t[0].toUpper();
  return t + QLatin1Char(':');
}

}  // namespace

ConfigForm::ConfigForm(const QStringList& excluded, QWidget* parent)
    : QWidget(parent),
      preset_(new QComboBox(this)),
      advanced_(new QCheckBox(tr("Show every setting"), this)),
      errorLabel_(new QLabel(this)) {
  for (const auto& name : train::presetNames()) preset_->addItem(QString::fromStdString(name));
  preset_->setToolTip(tr(
      "default: BiLSTM · fast: dilated CNN, smaller · accurate: default network, more patience"));
  auto* top = new QHBoxLayout;
  top->addWidget(new QLabel(tr("Preset:"), this));
  top->addWidget(preset_);
  top->addStretch();
  top->addWidget(advanced_);

  auto* content = new QWidget;
  auto* column = new QVBoxLayout(content);
  auto* basic = basic_ = new QFormLayout;
  column->addLayout(basic);
  std::map<std::string, QFormLayout*> sections;
  for (const auto& section : train::configSections()) {
    auto* group =
        new QGroupBox(QStringLiteral("[%1]").arg(QString::fromStdString(section)), content);
    group->setToolTip(QString::fromStdString(train::sectionComment(section)));
    sections[section] = new QFormLayout(group);
    column->addWidget(group);
    advancedGroups_.push_back(group);
  }
  column->addStretch();
  for (const auto& field : train::configFields()) {
    const QString name = QString::fromStdString(field.name());
    if (excluded.contains(name)) continue;
    auto* editor = new ConfigFieldEditor(field, content);
    editors_.push_back(editor);
    (kBasic.contains(name) ? basic : sections[field.section])->addRow(title(field), editor);
    connect(editor, &ConfigFieldEditor::edited, this, &ConfigForm::validate);
  }
  for (QGroupBox* g : advancedGroups_)  // sections whose keys are all edited elsewhere
    if (static_cast<QFormLayout*>(g->layout())->rowCount() == 0) g->setProperty("empty", true);

  auto* scroll = new QScrollArea(this);
  scroll->setWidget(content);
  scroll->setWidgetResizable(true);
  scroll->setFrameShape(QFrame::NoFrame);
  errorLabel_->setWordWrap(true);
  errorLabel_->setStyleSheet(QStringLiteral("color: #b71c1c;"));
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->addLayout(top);
  layout->addWidget(scroll, 1);
  layout->addWidget(errorLabel_);

  connect(preset_, &QComboBox::activated, this, &ConfigForm::applyPreset);
  connect(advanced_, &QCheckBox::toggled, this, &ConfigForm::setAdvanced);
  setAdvanced(false);
  setConfig(train::defaultConfig());
}

void ConfigForm::updateRows() {
  // What the chosen encoder does not use is not shown: a transformer has no
  // BiLSTM of `hidden` units unless transformer_bilstm adds one, and its own
  // learning rate beside the CRF head's.
  const train::TrainConfig c = config();
  const bool transformer = c.model.encoder == "transformer";
  auto show = [&](const char* name, bool on) {
    if (ConfigFieldEditor* e = editor(QString::fromLatin1(name)))
      if (basic_->indexOf(e) >= 0) basic_->setRowVisible(e, on);
  };
  show("model.hidden", !transformer || c.model.transformerBilstm);
  show("training.transformer_learning_rate", transformer);
  if (ConfigFieldEditor* rate = editor(QStringLiteral("training.learning_rate")))
    if (auto* label = qobject_cast<QLabel*>(basic_->labelForField(rate)))
      label->setText(transformer ? tr("Head learning rate:") : title(rate->field()));
}

QString ConfigForm::rowLabel(const QString& name) const {
  ConfigFieldEditor* e = editor(name);
  if (!e) return {};
  auto* form = qobject_cast<QFormLayout*>(e->parentWidget()->layout());
  QFormLayout* layout = basic_->indexOf(e) >= 0 ? basic_ : form;
  auto* label = layout ? qobject_cast<QLabel*>(layout->labelForField(e)) : nullptr;
  return label ? label->text() : QString();
}

void ConfigForm::setAdvanced(bool advanced) {
  advanced_->setChecked(advanced);
  for (QGroupBox* g : advancedGroups_) g->setVisible(advanced && !g->property("empty").toBool());
}

bool ConfigForm::isAdvanced() const { return advanced_->isChecked(); }

ConfigFieldEditor* ConfigForm::editor(const QString& name) const {
  for (ConfigFieldEditor* e : editors_)
    if (QString::fromStdString(e->field().name()) == name) return e;
  return nullptr;
}

void ConfigForm::applyPreset() {
  if (auto preset = train::presetConfig(preset_->currentText().toStdString())) setConfig(*preset);
}

void ConfigForm::setConfig(const train::TrainConfig& config) {
  base_ = config;
  for (ConfigFieldEditor* e : editors_) e->setValue(e->field().get(config));
  validate();
}

train::TrainConfig ConfigForm::config() const {
  train::TrainConfig c = base_;
  for (ConfigFieldEditor* e : editors_)
    if (const auto v = e->value()) e->field().set(c, *v);
  return c;
}

void ConfigForm::validate() {
  errors_.clear();
  for (ConfigFieldEditor* e : editors_) {
    QString error;
    e->value(&error);
    e->setError(error);
    if (!error.isEmpty()) errors_ << QString::fromStdString(e->field().name()) + ": " + error;
  }
  if (errors_.isEmpty()) {
    for (const auto& v : train::checkConfigRules(config())) {
      const QString key = QString::fromStdString(v.key);
      const QString message = QString::fromStdString(v.message);
      if (ConfigFieldEditor* e = editor(key)) e->setError(message);
      errors_ << key + QStringLiteral(": ") + message;
    }
  }
  updateRows();
  errorLabel_->setText(errors_.join(QLatin1Char('\n')));
  errorLabel_->setVisible(!errors_.isEmpty());
  emit changed();
}

}  // namespace spanforge::ui
