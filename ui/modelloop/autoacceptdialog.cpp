#include "modelloop/autoacceptdialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QVBoxLayout>

#include <utility>

namespace spanforge::ui {

AutoAcceptDialog::AutoAcceptDialog(std::optional<double> threshold,
                                   std::vector<train::SpanOutcome> dev, QWidget* parent)
    : QDialog(parent),
      dev_(std::move(dev)),
      enabled_(new QCheckBox(tr("Accept suggestions scored at least"), this)),
      score_(new QDoubleSpinBox(this)),
      expected_(new QLabel(this)) {
  setWindowTitle(tr("Accept Suggestions Automatically"));
  enabled_->setChecked(threshold.has_value());
  score_->setRange(0.5, 1.0);
  score_->setSingleStep(0.01);
  score_->setDecimals(2);
  score_->setValue(threshold.value_or(kDefaultThreshold));
  expected_->setWordWrap(true);
  auto* explain = new QLabel(
      tr("When a document's suggestions appear, those scored this high become labels at once, "
         "as if you had accepted them (Ctrl+Z undoes). Scores are calibrated on the dev set "
         "when a model is trained, so the share of such spans that is right is what the dev "
         "documents say below."),
      this);
  explain->setWordWrap(true);
  explain->setForegroundRole(QPalette::PlaceholderText);
  auto* row = new QHBoxLayout;
  row->addWidget(enabled_);
  row->addWidget(score_);
  row->addStretch(1);
  auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
  auto* layout = new QVBoxLayout(this);
  layout->addLayout(row);
  layout->addWidget(explain);
  layout->addWidget(expected_);
  layout->addWidget(buttons);
  connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
  connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
  connect(score_, &QDoubleSpinBox::valueChanged, this, &AutoAcceptDialog::updateExpected);
  connect(enabled_, &QCheckBox::toggled, score_, &QWidget::setEnabled);
  score_->setEnabled(enabled_->isChecked());
  updateExpected();
  resize(460, sizeHint().height());
}

std::optional<double> AutoAcceptDialog::threshold() const {
  if (!enabled_->isChecked()) return std::nullopt;
  return score_->value();
}

void AutoAcceptDialog::updateExpected() {
  if (dev_.empty()) {
    expected_->setText(
        tr("Evaluate the current model (Model > Evaluation) to see how often "
           "spans scored this high are right on the dev documents."));
    return;
  }
  const auto p = train::SpanCalibration::precisionAtOrAbove(dev_, score_->value());
  expected_->setText(
      p.spans == 0
          ? tr("No span on the dev documents was scored %1 or more: nothing to go by.")
                .arg(score_->value(), 0, 'f', 2)
          : tr("Expected precision <b>%1%</b>: on the dev documents %2 of the %3 spans scored "
               "%4 or more were right.")
                .arg(100.0 * p.precision, 0, 'f', 1)
                .arg(static_cast<qlonglong>(p.precision * static_cast<double>(p.spans) + 0.5))
                .arg(p.spans)
                .arg(score_->value(), 0, 'f', 2));
}

}  // namespace spanforge::ui
