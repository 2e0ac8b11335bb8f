#include "training/dashboard/plotpalette.h"

#include <qcustomplot.h>

namespace spanforge::ui {
namespace {

// A grey pen's shade on white (0 white .. 1 black), remembered on the graph
// the first time: the palette may change more than once.
constexpr const char* kShadeProperty = "spanforgeNeutralShade";

bool isGrey(const QColor& c) { return c.hslSaturation() < 20; }

void styleAxis(QCPAxis* axis, const QPalette& palette) {
  const QColor line = PlotPalette::shade(palette, 0.53);
  axis->setBasePen(QPen(line));
  axis->setTickPen(QPen(line));
  axis->setSubTickPen(QPen(PlotPalette::shade(palette, 0.37)));
  axis->setTickLabelColor(palette.color(QPalette::Text));
  axis->setLabelColor(palette.color(QPalette::Text));
  axis->grid()->setPen(QPen(PlotPalette::shade(palette, 0.12), 1, Qt::SolidLine));
}

}  // namespace

QColor PlotPalette::shade(const QPalette& palette, double t, int alpha) {
  const QColor a = palette.color(QPalette::Base);
  const QColor b = palette.color(QPalette::Text);
  const auto mix = [t](int x, int y) { return static_cast<int>(x + (y - x) * t + 0.5); };
  return QColor(mix(a.red(), b.red()), mix(a.green(), b.green()), mix(a.blue(), b.blue()), alpha);
}

void PlotPalette::apply(QCustomPlot& plot, const QPalette& palette) {
  plot.setBackground(palette.base());
  for (QCPAxisRect* rect : plot.axisRects())
    for (QCPAxis* axis : rect->axes()) styleAxis(axis, palette);
  if (QCPLegend* legend = plot.legend) {
    legend->setTextColor(palette.color(QPalette::Text));
    if (legend->brush().style() != Qt::NoBrush) legend->setBrush(shade(palette, 0.0, 210));
    if (legend->borderPen().style() != Qt::NoPen)
      legend->setBorderPen(QPen(shade(palette, 1.0, 40)));
  }
  if (QCPLegend* legend = plot.legend)
    for (int i = 0; i < legend->itemCount(); ++i)
      if (QCPAbstractLegendItem* item = legend->item(i))  // a wrapped legend has empty cells
        item->setTextColor(palette.color(QPalette::Text));
  for (int i = 0; i < plot.graphCount(); ++i) applyToGraph(*plot.graph(i), palette);
}

void PlotPalette::applyToGraph(QCPGraph& graph, const QPalette& palette) {
  QPen pen = graph.pen();
  QVariant stored = graph.property(kShadeProperty);
  if (!stored.isValid()) {
    if (!isGrey(pen.color())) return;
    stored = 1.0 - pen.color().lightnessF();
    graph.setProperty(kShadeProperty, stored);
  }
  pen.setColor(shade(palette, stored.toDouble(), pen.color().alpha()));
  graph.setPen(pen);
}

}  // namespace spanforge::ui
