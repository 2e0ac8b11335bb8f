#pragma once

#include <qcustomplot.h>

#include <QString>

namespace spanforge::ui {

// The common look and behaviour of the training dashboard's plots: a title,
// light grid, a legend, queued replots (many events, one paint), hover that
// marks the nearest point and shows its exact value, and "Save as PNG" in the
// context menu.
class TrainingPlot : public QCustomPlot {
  Q_OBJECT

 public:
  explicit TrainingPlot(const QString& title, QWidget* parent = nullptr);

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

 signals:
  void saveRequested(spanforge::ui::TrainingPlot* plot);

 protected:
  QCPGraph* addSeries(const QString& name, const QColor& color, double width = 1.6,
                      Qt::PenStyle style = Qt::SolidLine, QCPAxis* valueAxis = nullptr);
  // The hover text for a point, with units.
  virtual QString describe(const QCPGraph* graph, double key, double value) const;
  static void styleAxis(QCPAxis* axis, const QString& label);
  // Appends a point, but extends a flat run instead of adding to it (memory
  // stays constant for long stretches: fewer points to draw).
  static void appendCompressed(QCPGraph* graph, double key, double value);
  // Moves the legend from inside the axes to a row below them (plots whose
  // curves fill the whole area), `columns` items per row.
  void placeLegendBelow(int columns);

  void mouseMoveEvent(QMouseEvent* event) override;
  void leaveEvent(QEvent* event) override;
  void contextMenuEvent(QContextMenuEvent* event) override;

 private:
  QCPItemTracer* tracer_;
  QTimer* replotTimer_;
  QString hover_;
};

}  // namespace spanforge::ui
