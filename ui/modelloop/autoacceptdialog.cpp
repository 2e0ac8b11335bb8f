#include "modelloop/autoacceptdialog.h"

#include "train/eval/proportioninterval.h"

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
        tr("Evaluate the current model (the Evaluate workspace, Ctrl+4) to see how often "
           "spans scored this high are right on the dev documents."));
    return;
  }
  const auto p = train::SpanCalibration::precisionAtOrAbove(dev_, score_->value());
  const QString score = QString::number(score_->value(), 'f', 2);
  if (p.spans == 0) {
    expected_->setText(
        tr("No span on the dev documents was scored %1 or more: nothing to go by.").arg(score));
    return;
  }
  // The count it rests on and a 95% interval, never a bare percentage.
  const auto right = static_cast<int64_t>(p.precision * static_cast<double>(p.spans) + 0.5);
  const auto interval = train::ProportionInterval::wilson(right, p.spans);
  const QString measured = tr("On the dev documents %1 of the %2 spans scored %3 or more were "
                              "right (%4%; 95% interval %5–%6%).")
                               .arg(right)
                               .arg(p.spans)
                               .arg(score)
                               .arg(100.0 * p.precision, 0, 'f', 1)
                               .arg(100.0 * interval.low, 0, 'f', 0)
                               .arg(100.0 * interval.high, 0, 'f', 0);
  if (p.spans < kMinSpans)
    expected_->setText(tr("<span style=\"color:#b71c1c\"><b>Too few spans to tell:</b> %1 "
                          "Precision could be as low as %2%. Evaluate on more dev documents "
                          "(at least %3 spans at this score) before trusting it.</span>")
                           .arg(measured.toHtmlEscaped())
                           .arg(100.0 * interval.low, 0, 'f', 0)
                           .arg(kMinSpans));
  else
    expected_->setText(tr("Expected precision <b>%1% (at least %2%)</b>. %3")
                           .arg(100.0 * p.precision, 0, 'f', 1)
                           .arg(100.0 * interval.low, 0, 'f', 0)
                           .arg(measured.toHtmlEscaped()));
}

}  // namespace spanforge::ui
