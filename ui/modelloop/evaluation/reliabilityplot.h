#pragma once

#include "train/eval/spancalibration.h"

#include <qcustomplot.h>

namespace spanforge::ui {

// A reliability diagram of the predicted spans' scores: per score bin, the
// share of spans that are right (bars) against the diagonal a calibrated
// model would follow, with each bin's span count above its bar.
class ReliabilityPlot : public QCustomPlot {
  Q_OBJECT

 public:
  explicit ReliabilityPlot(QWidget* parent = nullptr);

  void setReport(const train::CalibrationReport& report, double temperature);
  void clear();
  QString title() const { return title_->text(); }
  QCPBars* bars() const { return bars_; }

  QSize sizeHint() const override { return {300, 220}; }

 protected:
  void changeEvent(QEvent* event) override;

 private:
  static QString plainTitle(const train::CalibrationReport& report);
  void applyPalette();

  QCPTextElement* title_;
  QCPBars* bars_;
  QCPGraph* diagonal_;
  std::vector<QCPItemText*> counts_;
  QString tooltip_;
};

}  // namespace spanforge::ui
