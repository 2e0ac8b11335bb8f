#include "training/setup/configfieldeditor.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QRegularExpression>
#include <QVBoxLayout>

namespace spanforge::ui {
namespace {

// The values of a "one of "a", "b"" rule; empty for any other rule.
QStringList choices(const train::ConfigField& f) {
  QStringList out;
  if (f.type != train::ValueType::String || f.constraint.rfind("one of ", 0) != 0) return out;
  static const QRegularExpression quoted(QStringLiteral("\"([^\"]*)\""));
  auto it = quoted.globalMatch(QString::fromStdString(f.constraint));
  while (it.hasNext()) out << it.next().captured(1);
  return out;
}

}  // namespace

ConfigFieldEditor::ConfigFieldEditor(const train::ConfigField& field, QWidget* parent)
    : QWidget(parent), field_(field) {
  // The input on a line of its own and its description under it, across the
  // form's whole width: readable however narrow the Training panel is.
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 4);
  layout->setSpacing(1);
  auto* row = new QHBoxLayout;
  layout->addLayout(row);
  const QStringList options = choices(field);
  if (field.type == train::ValueType::Boolean) {
    check_ = new QCheckBox(this);
    connect(check_, &QCheckBox::toggled, this, &ConfigFieldEditor::edited);
  } else if (!options.isEmpty()) {
    combo_ = new QComboBox(this);
    combo_->addItems(options);
    connect(combo_, &QComboBox::currentIndexChanged, this, &ConfigFieldEditor::edited);
  } else {
    line_ = new QLineEdit(this);
    connect(line_, &QLineEdit::textEdited, this, &ConfigFieldEditor::edited);
  }
  QWidget* in = input();
  in->setObjectName(QString::fromStdString(field.name()));
  in->setToolTip(QString::fromStdString(field.comment + "\nMust be " + field.constraint + "."));
  const bool wide = line_ && field.type == train::ValueType::String;
  if (!wide) in->setFixedWidth(130);
  row->addWidget(in, wide ? 1 : 0);
  if (!wide) row->addStretch(1);
  // The schema's one-line comment, so the form explains itself.
  auto* about = new QLabel(QString::fromStdString(field.comment), this);
  about->setWordWrap(true);
  about->setForegroundRole(QPalette::PlaceholderText);
  QFont small = about->font();
  small.setPointSizeF(small.pointSizeF() * 0.9);
  about->setFont(small);
  about->setToolTip(QStringLiteral("%1 = …").arg(QString::fromStdString(field.name())));
  layout->addWidget(about);
}

QWidget* ConfigFieldEditor::input() const {
  if (check_) return check_;
  if (combo_) return combo_;
  return line_;
}

void ConfigFieldEditor::setValue(const train::ConfigValue& v) {
  const QSignalBlocker block(input());
  if (check_) {
    check_->setChecked(std::get<bool>(v));
  } else if (combo_) {
    combo_->setCurrentText(QString::fromStdString(std::get<std::string>(v)));
  } else if (const auto* s = std::get_if<std::string>(&v)) {
    line_->setText(QString::fromStdString(*s));
  } else {
    line_->setText(QString::fromStdString(train::formatValue(v)));
  }
}

std::optional<train::ConfigValue> ConfigFieldEditor::value(QString* error) const {
  std::optional<train::ConfigValue> v;
  bool ok = true;
  if (check_) {
    v = check_->isChecked();
  } else if (combo_) {
    v = combo_->currentText().toStdString();
  } else if (field_.type == train::ValueType::String) {
    v = line_->text().toStdString();
  } else if (field_.type == train::ValueType::Integer) {
    const qlonglong x = line_->text().trimmed().toLongLong(&ok);
    if (ok) v = static_cast<int64_t>(x);
  } else {
    const double x = line_->text().trimmed().toDouble(&ok);  // C locale: "0.002", "1e-8"
    if (ok) v = x;
  }
  if (!v || !field_.accepts(*v)) {
    if (error) *error = tr("must be %1").arg(QString::fromStdString(field_.constraint));
    return std::nullopt;
  }
  return v;
}

void ConfigFieldEditor::setError(const QString& error) {
  error_ = error;
  QWidget* in = input();
  in->setStyleSheet(error.isEmpty()
                        ? QString()
                        : QStringLiteral("border: 1px solid #d32f2f; border-radius: 2px;"));
  const QString about =
      QString::fromStdString(field_.comment + "\nMust be " + field_.constraint + ".");
  in->setToolTip(error.isEmpty() ? about : error + QStringLiteral("\n\n") + about);
}

}  // namespace spanforge::ui
