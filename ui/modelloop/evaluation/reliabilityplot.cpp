#include "modelloop/evaluation/reliabilityplot.h"

#include "training/dashboard/plotpalette.h"

#include <cmath>

namespace spanforge::ui {

ReliabilityPlot::ReliabilityPlot(QWidget* parent)
    : QCustomPlot(parent),
      title_(new QCPTextElement(this, QString())),
      bars_(new QCPBars(xAxis, yAxis)),
      diagonal_(addGraph()) {
  setMinimumSize(240, 180);
  plotLayout()->insertRow(0);
  QFont bold = font();
  bold.setBold(true);
  title_->setFont(bold);
  plotLayout()->addElement(0, 0, title_);
  plotLayout()->setRowSpacing(0);
  xAxis->setLabel(tr("span score"));
  yAxis->setLabel(tr("share right"));
  for (QCPAxis* a : {xAxis, yAxis}) {
    a->setRange(0, 1);
    a->grid()->setSubGridVisible(false);
  }
  bars_->setWidth(0.09);
  bars_->setName(tr("right"));
  diagonal_->setData({0.0, 1.0}, {0.0, 1.0});
  diagonal_->setPen(QPen(QColor(127, 127, 127), 1.2, Qt::DashLine));
  diagonal_->setName(tr("calibrated"));
  tooltip_ =
      tr("Predicted spans on the dev documents by score: the bars show how many of\n"
         "each bin are right, the dashed line where a model that means its scores\n"
         "would be. Bars below the line: too sure. The number above a bar: spans.");
  applyPalette();
  clear();
}

void ReliabilityPlot::clear() {
  bars_->data()->clear();
  for (QCPItemText* t : counts_) removeItem(t);
  counts_.clear();
  title_->setText(tr("Reliability"));
  setToolTip(tooltip_);
  replot(rpQueuedReplot);
}

void ReliabilityPlot::setReport(const train::CalibrationReport& report, double temperature) {
  clear();
  for (const auto& b : report.bins) {
    if (b.count == 0) continue;
    const double centre = (b.from + b.to) / 2;
    bars_->addData(centre, b.accuracy);
    auto* count = new QCPItemText(this);
    count->position->setCoords(centre, std::min(0.97, b.accuracy + 0.06));
    count->setText(QString::number(b.count));
    count->setColor(palette().color(QPalette::Text));
    QFont small = font();
    small.setPointSizeF(font().pointSizeF() * 0.8);
    count->setFont(small);
    counts_.push_back(count);
  }
  title_->setText(report.spans == 0 ? tr("Reliability: no spans") : plainTitle(report));
  setToolTip(tooltip_ + tr("\n\n%1 predicted spans; expected calibration error (ECE) %2: on "
                           "average a span's score is %2 away from the share of spans so "
                           "scored that are right. Scores divided by temperature %3. A "
                           "perfectly calibrated model would show an ECE of about %4 on as many "
                           "spans by chance alone.")
                            .arg(report.spans)
                            .arg(report.ece, 0, 'f', 3)
                            .arg(temperature, 0, 'g', 3)
                            .arg(report.chanceEce, 0, 'f', 3));
  replot(rpQueuedReplot);
}

// The ECE in words a non-expert reads: points of the score, which way, and
// what chance alone would give on as many spans.
QString ReliabilityPlot::plainTitle(const train::CalibrationReport& report) {
  const int points = static_cast<int>(std::lround(report.ece * 100));
  const int chance = static_cast<int>(std::lround(report.chanceEce * 100));
  if (report.ece <= report.chanceEce)
    return tr("Scores mean what they say\n(off by %1 points; chance alone: %2)")
        .arg(points)
        .arg(chance);
  double gap = 0.0;  // mean score minus share right, over the spans
  for (const auto& b : report.bins) gap += (b.confidence - b.accuracy) * double(b.count);
  // Two lines: the plot keeps its width beside the tables on a small screen.
  return (gap > 0 ? tr("Scores are about %1 points too confident\n(chance alone: %2)")
                  : tr("Scores are about %1 points too modest\n(chance alone: %2)"))
      .arg(points)
      .arg(chance);
}

void ReliabilityPlot::applyPalette() {
  PlotPalette::apply(*this, palette());
  PlotPalette::applyToGraph(*diagonal_, palette());
  title_->setTextColor(palette().color(QPalette::Text));
  QColor fill(31, 119, 180);
  bars_->setPen(QPen(fill.darker(120)));
  fill.setAlpha(170);
  bars_->setBrush(fill);
  for (QCPItemText* t : counts_) t->setColor(palette().color(QPalette::Text));
}

void ReliabilityPlot::changeEvent(QEvent* event) {
  QCustomPlot::changeEvent(event);
  if (event->type() == QEvent::PaletteChange) {
    applyPalette();
    replot(rpQueuedReplot);
  }
}

}  // namespace spanforge::ui
