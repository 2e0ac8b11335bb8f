#pragma once

#include "store/records.h"

#include <qcustomplot.h>

#include <QString>

#include <vector>

namespace spanforge::ui {

// The common look and behaviour of the training dashboard's plots: a title,
// faint grid (palette colours: PlotPalette), a legend, queued replots (many events, one paint),
// hover that marks the nearest point and shows its exact value, and "Save as PNG" in the context
// menu. Also the one API the dashboard feeds every plot through: metric events, live and stored
// alike, so that a new plot is one subclass and one line in the dashboard.
class TrainingPlot : public QCustomPlot {
  Q_OBJECT

 public:
  explicit TrainingPlot(const QString& title, QWidget* parent = nullptr);

  // Forgets the shown run's data (an overlaid run stays).
  virtual void clear() = 0;
  // A run on `device` ("cpu", "cuda:0", ...) begins: clears.
  virtual void start(const QString& device);
  // One step or evaluation, live or stored; each plot takes what it shows.
  virtual void addEvent(const store::MetricEvent& event) = 0;
  // A stored run's events: clear() and addEvent() each.
  void load(const std::vector<store::MetricEvent>& events);
  // Overlays another run, in grey, named after `run` (nothing when the plot
  // has no comparison curve).
  void setComparison(const std::vector<store::MetricEvent>& events, const QString& run);
  void clearComparison();
  QCPGraph* comparisonGraph() const { return comparison_; }

  QString title() const { return title_; }

  // At most this often while data streams in: smooth to the eye, and the UI
  // thread stays free for input between replots.
  static constexpr int kReplotMs = 100;

  // For streamed data: replots within kReplotMs; calls in between coalesce.
  void scheduleReplot();
  // For what a person just did (toggle a curve, hover): on the next pass of
  // the event loop.
  void replotSoon() { replot(QCustomPlot::rpQueuedReplot); }
  // Renders at twice the widget's size (crisp on high-DPI screens).
  bool saveImage(const QString& path);
  // Marks the point nearest to `pos` (widget coordinates, within reach) and
  // shows its value as a tool tip; false when none is near.
  bool showValueAt(const QPoint& pos);
  QString hoverText() const { return hover_; }
  // Data points over all graphs (tests: the plot received data).
  int pointCount() const;
  // Legend items per row below the plot: as many as fit its width (0: the
  // legend is inside the axes).
  int legendColumns() const;

 signals:
  void saveRequested(spanforge::ui::TrainingPlot* plot);

 protected:
  // The curve setComparison() fills: hidden and out of the legend until then.
  // `name` has a %1 for the run's name ("%1 F1").
  QCPGraph* addComparisonSeries(const QString& name, const QColor& color, double width,
                                Qt::PenStyle style = Qt::SolidLine);
  // Fills comparisonGraph() (already emptied) from the other run's events.
  virtual void plotComparison(const std::vector<store::MetricEvent>& events);
  QCPGraph* addSeries(const QString& name, const QColor& color, double width = 1.6,
                      Qt::PenStyle style = Qt::SolidLine, QCPAxis* valueAxis = nullptr);
  // Removes a curve addSeries() made (and the hover mark if it is on it).
  void removeSeries(QCPGraph* graph);
  // The hover text for a point, with units.
  virtual QString describe(const QCPGraph* graph, double key, double value) const;
  static void styleAxis(QCPAxis* axis, const QString& label);
  // Ranks named in a legend; more would cover the plot (hover names them all).
  static constexpr size_t kRanksInLegend = 4;
  // A rank's colour, the same in every plot: neither the memory reds nor the
  // totals' grey.
  static QColor rankColor(size_t rank);
  // Elapsed time as "m:ss" or "h:mm:ss", for hover texts.
  static QString elapsedText(double seconds);
  // Appends a point, but extends a flat run instead of adding to it (memory
  // stays constant for long stretches: fewer points to draw).
  static void appendCompressed(QCPGraph* graph, double key, double value);
  // Moves the legend from inside the axes to a row below them (plots whose
  // curves fill the whole area), `columns` items per row.
  void placeLegendBelow(int columns);

  void mouseMoveEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;
  void changeEvent(QEvent* event) override;
  void resizeEvent(QResizeEvent* event) override;
  // Colours from the palette (PlotPalette), again when it changes; a plot
  // with items of its own colours them too.
  virtual void applyPalette();

 private:
  // Rows of fewer items when the plot is narrow, so no name is cut
  // ("precisi", "reca" at 1024 px).
  void fitLegendColumns();

  int belowColumns_ = 0;  // placeLegendBelow's most per row
  QString title_;
  QString comparisonName_;
  QCPGraph* comparison_ = nullptr;
  QCPTextElement* heading_;
  QCPItemTracer* tracer_;
  QTimer* replotTimer_;
  QString hover_;
};

}  // namespace spanforge::ui
