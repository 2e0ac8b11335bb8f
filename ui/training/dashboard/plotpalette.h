#pragma once

#include <QColor>
#include <QPalette>

class QCustomPlot;
class QCPGraph;

namespace spanforge::ui {

// Colours a QCustomPlot from a widget palette, so plots read in dark themes
// too: background, axes, tick labels, grid and legend from Base and Text,
// and every grey curve (a neutral series: totals, comparisons) as the same
// shade between Base and Text it has on white. Coloured curves keep their
// colours.
class PlotPalette {
 public:
  static void apply(QCustomPlot& plot, const QPalette& palette);
  // One curve (a grey one takes its shade; others are left alone).
  static void applyToGraph(QCPGraph& graph, const QPalette& palette);
  // `t` of the way from Base (0) to Text (1).
  static QColor shade(const QPalette& palette, double t, int alpha = 255);
};

}  // namespace spanforge::ui
