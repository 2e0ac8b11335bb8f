#include "training/dashboard/trainingplot.h"

#include "training/dashboard/plotpalette.h"

#include <QContextMenuEvent>
#include <QMenu>
#include <QTimer>
#include <QToolTip>

#include <cmath>
#include <iterator>
#include <limits>

namespace spanforge::ui {
namespace {
constexpr double kReachPx = 24.0;  // how near the pointer must be to a point
}

TrainingPlot::TrainingPlot(const QString& title, QWidget* parent)
    : QCustomPlot(parent),
      title_(title),
      tracer_(new QCPItemTracer(this)),
      replotTimer_(new QTimer(this)) {
  replotTimer_->setSingleShot(true);
  replotTimer_->setInterval(kReplotMs);
  connect(replotTimer_, &QTimer::timeout, this, [this] { replot(); });
  setMinimumSize(260, 180);
  setAntialiasedElements(QCP::aePlottables);
  setNoAntialiasingOnDrag(true);
  plotLayout()->insertRow(0);
  QFont titleFont = font();
  titleFont.setBold(true);
  heading_ = new QCPTextElement(this, title, titleFont);
  plotLayout()->addElement(0, 0, heading_);
  plotLayout()->setRowSpacing(0);

  styleAxis(xAxis, QString());
  styleAxis(yAxis, QString());
  styleAxis(yAxis2, QString());
  legend->setVisible(true);
  QFont small = font();
  small.setPointSizeF(font().pointSizeF() * 0.85);
  legend->setFont(small);
  legend->setBrush(QBrush(Qt::white));    // PlotPalette: Base, translucent
  legend->setBorderPen(QPen(Qt::black));  // PlotPalette: faint Text
  legend->setRowSpacing(-2);
  axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);

  tracer_->setStyle(QCPItemTracer::tsCircle);
  tracer_->setSize(9);
  tracer_->setBrush(Qt::NoBrush);
  tracer_->setVisible(false);
  tracer_->setInterpolating(false);
  setMouseTracking(true);
  applyPalette();
}

void TrainingPlot::applyPalette() {
  PlotPalette::apply(*this, palette());
  heading_->setTextColor(palette().color(QPalette::Text));
  tracer_->setPen(QPen(palette().color(QPalette::Text), 1.5));
}

void TrainingPlot::changeEvent(QEvent* event) {
  QCustomPlot::changeEvent(event);
  if (event->type() == QEvent::PaletteChange) {
    applyPalette();
    replotSoon();
  }
}

void TrainingPlot::start(const QString& /*device*/) { clear(); }

void TrainingPlot::load(const std::vector<store::MetricEvent>& events) {
  clear();
  for (const auto& e : events) addEvent(e);
}

QCPGraph* TrainingPlot::addComparisonSeries(const QString& name, const QColor& color, double width,
                                            Qt::PenStyle style) {
  comparisonName_ = name;
  comparison_ = addSeries(QString(), color, width, style);
  comparison_->removeFromLegend();
  comparison_->setVisible(false);
  return comparison_;
}

void TrainingPlot::plotComparison(const std::vector<store::MetricEvent>& /*events*/) {}

void TrainingPlot::setComparison(const std::vector<store::MetricEvent>& events,
                                 const QString& run) {
  if (!comparison_) return;
  comparison_->data()->clear();
  comparison_->setName(comparisonName_.arg(run));
  plotComparison(events);
  comparison_->setVisible(true);
  comparison_->addToLegend();
  scheduleReplot();
}

void TrainingPlot::clearComparison() {
  if (!comparison_) return;
  comparison_->data()->clear();
  comparison_->setVisible(false);
  comparison_->removeFromLegend();
  scheduleReplot();
}

void TrainingPlot::styleAxis(QCPAxis* axis, const QString& label) {
  axis->setLabel(label);  // colours: PlotPalette
  axis->grid()->setSubGridVisible(false);
  axis->setPadding(2);
}

QColor TrainingPlot::rankColor(size_t rank) {
  static const QColor colors[] = {{31, 119, 180}, {255, 127, 14},  {44, 160, 44},  {148, 103, 189},
                                  {140, 86, 75},  {227, 119, 194}, {188, 189, 34}, {23, 190, 207}};
  QColor c = colors[rank % std::size(colors)];
  c.setAlpha(170);
  return c;
}

QString TrainingPlot::elapsedText(double seconds) {
  const auto s = static_cast<qint64>(std::llround(seconds));
  return s >= 3600 ? QStringLiteral("%1:%2:%3")
                         .arg(s / 3600)
                         .arg(s / 60 % 60, 2, 10, QLatin1Char('0'))
                         .arg(s % 60, 2, 10, QLatin1Char('0'))
                   : QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
}

QCPGraph* TrainingPlot::addSeries(const QString& name, const QColor& color, double width,
                                  Qt::PenStyle style, QCPAxis* valueAxis) {
  QCPGraph* g = addGraph(xAxis, valueAxis ? valueAxis : yAxis);
  g->setName(name);
  g->setPen(QPen(color, width, style, Qt::RoundCap, Qt::RoundJoin));
  g->setAdaptiveSampling(true);
  PlotPalette::applyToGraph(*g, palette());
  return g;
}

void TrainingPlot::removeSeries(QCPGraph* graph) {
  if (tracer_->graph() == graph) {  // the tracer would keep a dangling pointer
    tracer_->setGraph(nullptr);
    tracer_->setVisible(false);
  }
  removeGraph(graph);
}

void TrainingPlot::placeLegendBelow(int columns) {
  axisRect()->insetLayout()->take(legend);
  axisRect()->insetLayout()->simplify();
  auto* row = new QCPLayoutGrid;
  const int index = plotLayout()->rowCount();
  plotLayout()->addElement(index, 0, row);
  row->setMargins(QMargins(8, 0, 8, 4));
  row->addElement(0, 0, legend);
  legend->setFillOrder(QCPLegend::foColumnsFirst);
  belowColumns_ = columns;
  legend->setWrap(columns);
  legend->setBorderPen(Qt::NoPen);
  legend->setBrush(Qt::NoBrush);
  plotLayout()->setRowStretchFactor(index, 0.001);
  fitLegendColumns();
}

int TrainingPlot::legendColumns() const { return belowColumns_ > 0 ? legend->wrap() : 0; }

void TrainingPlot::fitLegendColumns() {
  if (belowColumns_ <= 0 || width() <= 0) return;
  const int room = width() - 16;  // the row's margins
  int columns = belowColumns_;
  for (; columns > 1; --columns) {
    legend->setWrap(columns);
    legend->setFillOrder(QCPLegend::foColumnsFirst, true);  // rearranged by the new wrap
    if (legend->minimumOuterSizeHint().width() <= room) break;
  }
  if (legend->wrap() != columns) {
    legend->setWrap(columns);
    legend->setFillOrder(QCPLegend::foColumnsFirst, true);
  }
}

void TrainingPlot::resizeEvent(QResizeEvent* event) {
  fitLegendColumns();
  QCustomPlot::resizeEvent(event);
}

void TrainingPlot::scheduleReplot() {
  if (!replotTimer_->isActive()) replotTimer_->start();
}

void TrainingPlot::appendCompressed(QCPGraph* graph, double key, double value) {
  const auto& data = graph->data();
  const int n = data->size();
  if (n >= 2 && data->at(n - 1)->value == value && data->at(n - 2)->value == value)
    data->remove(data->at(n - 1)->key);
  graph->addData(key, value);
}

int TrainingPlot::pointCount() const {
  int n = 0;
  for (int i = 0; i < graphCount(); ++i) n += graph(i)->dataCount();
  return n;
}

QString TrainingPlot::describe(const QCPGraph* graph, double key, double value) const {
  return QStringLiteral("%1\n%2 %3: %4")
      .arg(graph->name(), xAxis->label())
      .arg(key)
      .arg(value, 0, 'g', 4);
}

bool TrainingPlot::showValueAt(const QPoint& pos) {
  QCPGraph* best = nullptr;
  double bestKey = 0, bestValue = 0, bestDist = kReachPx;
  for (int i = 0; i < graphCount(); ++i) {
    QCPGraph* g = graph(i);
    if (!g->visible() || g->dataCount() == 0) continue;
    const double key = g->keyAxis()->pixelToCoord(pos.x());
    auto it = g->data()->findBegin(key, true);
    // The neighbours on both sides of the pointer's key.
    for (int k = 0; k < 3 && it != g->data()->constEnd(); ++k, ++it) {
      if (std::isnan(it->value)) continue;
      const double dx = g->keyAxis()->coordToPixel(it->key) - pos.x();
      const double dy = g->valueAxis()->coordToPixel(it->value) - pos.y();
      const double dist = std::hypot(dx, dy);
      if (dist < bestDist) {
        best = g;
        bestDist = dist;
        bestKey = it->key;
        bestValue = it->value;
      }
    }
  }
  tracer_->setVisible(best != nullptr);
  hover_ = best ? describe(best, bestKey, bestValue) : QString();
  if (best) {
    tracer_->setGraph(best);
    tracer_->setGraphKey(bestKey);
    QToolTip::showText(mapToGlobal(pos), hover_, this);
  } else {
    QToolTip::hideText();
  }
  replotSoon();
  return best != nullptr;
}

void TrainingPlot::mouseMoveEvent(QMouseEvent* event) {
  QCustomPlot::mouseMoveEvent(event);
  showValueAt(event->pos());
}

void TrainingPlot::leaveEvent(QEvent* event) {
  QCustomPlot::leaveEvent(event);
  tracer_->setVisible(false);
  replotSoon();
}

bool TrainingPlot::saveImage(const QString& path) {
  const bool tracer = tracer_->visible();
  tracer_->setVisible(false);  // a hover mark does not belong in a saved figure
  const bool ok = savePng(path, width(), height(), 2.0);
  tracer_->setVisible(tracer);
  return ok;
}

void TrainingPlot::contextMenuEvent(QContextMenuEvent* event) {
  QMenu menu(this);
  menu.addAction(tr("Save as PNG…"), this, [this] { emit saveRequested(this); });
  menu.exec(event->globalPos());
}

}  // namespace spanforge::ui
