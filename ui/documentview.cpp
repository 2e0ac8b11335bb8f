#include "documentview.h"

#include "docstatusstyle.h"
#include "labelstyle.h"
#include "text/utf8.h"

#include <QEvent>
#include <QHelpEvent>
#include <QPainter>
#include <QPainterPath>
#include <QScrollBar>
#include <QTextLayout>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <map>

namespace spanforge::ui {

namespace {
constexpr qreal kLineGap = 4;       // between lines, below the text
constexpr qreal kParagraphGap = 8;  // extra space after a line break
constexpr qreal kTagPadX = 4;
constexpr qreal kTagGap = 1;  // between a tag and the box it labels
constexpr qreal kRadius = 4;
}  // namespace

DocumentView::DocumentView(QWidget* parent) : QAbstractScrollArea(parent) {
  // Reading text: a little larger than the UI font.
  QFont f = font();
  f.setPointSizeF(f.pointSizeF() * 1.3);
  setFont(f);
  setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
  setVerticalScrollBarPolicy(Qt::ScrollBarAsNeeded);
  viewport()->setBackgroundRole(QPalette::Base);
  viewport()->setAutoFillBackground(true);
  viewport()->setMouseTracking(true);
  setFocusPolicy(Qt::StrongFocus);
  placeholder_ = tr("No document selected");
}

DocumentView::~DocumentView() = default;

QSize DocumentView::sizeHint() const { return QSize(640, 400); }
QSize DocumentView::minimumSizeHint() const { return QSize(200, 120); }

void DocumentView::setLabels(const std::vector<store::Label>& labels) {
  labelColors_.clear();
  for (const store::Label& l : labels)
    labelColors_.insert(QString::fromStdString(l.name), QColor(QString::fromStdString(l.color)));
  for (SpanItem& s : spans_) s.color = labelColor(s.label);
  viewport()->update();
}

QColor DocumentView::labelColor(const QString& label) const {
  const QColor c = labelColors_.value(label);
  return c.isValid() ? c : QColor(0x8a, 0x90, 0x99);
}

void DocumentView::setDocument(int64_t id, const text::Document& doc) {
  id_ = id;
  text_ = QString::fromUtf8(doc.text.data(), static_cast<qsizetype>(doc.text.size()));
  spans_.clear();
  const text::OffsetMap map(doc.text);
  const int length = static_cast<int>(text_.size());
  for (const text::Span& s : doc.spans) {
    // The store validates spans; skip rather than crash on anything odd.
    if (s.start < 0 || s.end <= s.start || s.end > map.codePoints()) continue;
    SpanItem item;
    item.start = std::min(length, static_cast<int>(map.utf16Offset(s.start)));
    item.end = std::min(length, static_cast<int>(map.utf16Offset(s.end)));
    item.label = QString::fromStdString(s.label);
    item.color = labelColor(item.label);
    spans_.push_back(std::move(item));
  }
  std::sort(spans_.begin(), spans_.end(),
            [](const SpanItem& a, const SpanItem& b) { return a.start < b.start; });
  verticalScrollBar()->setValue(0);
  relayout();
}

void DocumentView::clearDocument() {
  id_ = 0;
  text_.clear();
  spans_.clear();
  relayout();
}

void DocumentView::setPlaceholderText(const QString& text) {
  placeholder_ = text;
  viewport()->update();
}

QString DocumentView::spanLabel(int i) const {
  return i >= 0 && i < spanCount() ? spans_[size_t(i)].label : QString();
}

QString DocumentView::spanText(int i) const {
  if (i < 0 || i >= spanCount()) return {};
  const SpanItem& s = spans_[size_t(i)];
  return text_.mid(s.start, s.end - s.start);
}

qreal DocumentView::scrollY() const { return verticalScrollBar()->value(); }

QVector<QRectF> DocumentView::spanRects(int i) const {
  QVector<QRectF> out;
  if (i < 0 || i >= spanCount()) return out;
  for (const QRectF& r : spans_[size_t(i)].rects) out.push_back(r.translated(0, -scrollY()));
  return out;
}

QRectF DocumentView::tagRect(int i) const {
  if (i < 0 || i >= spanCount()) return {};
  return spans_[size_t(i)].tag.translated(0, -scrollY());
}

QFont DocumentView::tagFont() const {
  QFont f = font();
  f.setPointSizeF(f.pointSizeF() * 0.68);
  f.setWeight(QFont::DemiBold);
  return f;
}

void DocumentView::relayout() {
  paragraphs_.clear();
  laidOutWidth_ = viewport()->width();
  const qreal width = std::max(60, laidOutWidth_ - 2 * kMargin);
  const QFontMetricsF tagMetrics(tagFont());
  // Every line reserves a band above it for the label tags, so tags never
  // cover the line before; uniform spacing also reads better.
  const qreal tagBand = tagMetrics.height() + kTagGap + kSpanPadY + 1;

  QTextOption option;
  option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
  option.setTabStopDistance(QFontMetricsF(font()).horizontalAdvance(QLatin1Char(' ')) * 4);

  qreal y = kMargin - tagBand / 2;
  const int n = static_cast<int>(text_.size());
  for (int start = 0; start <= n && !text_.isEmpty();) {
    int end = static_cast<int>(text_.indexOf(QLatin1Char('\n'), start));
    if (end < 0) end = n;
    QString para = text_.mid(start, end - start);
    para.replace(QLatin1Char('\r'), QLatin1Char(' '));  // same length: offsets stay valid

    Paragraph p;
    p.start = start;
    p.end = end;
    p.layout = std::make_unique<QTextLayout>(para, font());
    p.layout->setTextOption(option);
    p.layout->setCacheEnabled(true);
    p.layout->beginLayout();
    qreal ly = 0;
    for (QTextLine line = p.layout->createLine(); line.isValid(); line = p.layout->createLine()) {
      line.setLineWidth(width);
      ly += tagBand;
      line.setPosition(QPointF(0, ly));
      ly += line.height() + kLineGap;
    }
    p.layout->endLayout();
    p.layout->setPosition(QPointF(kMargin, y));
    y += ly + kParagraphGap;
    paragraphs_.push_back(std::move(p));
    start = end + 1;
  }
  contentHeight_ = y - kParagraphGap + kMargin;
  layoutSpans();
  updateScrollBar();
  viewport()->update();
}

void DocumentView::layoutSpans() {
  const QFontMetricsF tagMetrics(tagFont());
  const qreal right = viewport()->width() - kMargin / 2.0;
  // Right edge of the last tag per (paragraph, line): later tags on the same
  // line move right instead of covering it.
  std::map<std::pair<size_t, int>, qreal> tagEnds;

  for (SpanItem& s : spans_) {
    s.rects.clear();
    s.tag = QRectF();
    std::pair<size_t, int> firstLine{0, -1};
    for (size_t pi = 0; pi < paragraphs_.size(); ++pi) {
      const Paragraph& p = paragraphs_[pi];
      const int a = std::max(s.start, p.start) - p.start;
      const int b = std::min(s.end, p.end) - p.start;
      if (a >= b) continue;
      const QPointF origin = p.layout->position();
      for (int li = 0; li < p.layout->lineCount(); ++li) {
        const QTextLine line = p.layout->lineAt(li);
        const int la = std::max(a, line.textStart());
        const int lb = std::min(b, line.textStart() + line.textLength());
        if (la >= lb) continue;
        const qreal x1 = line.cursorToX(la);
        const qreal x2 = line.cursorToX(lb);
        s.rects.push_back(QRectF(origin.x() + std::min(x1, x2) - kSpanPadX,
                                 origin.y() + line.y() - kSpanPadY,
                                 std::abs(x2 - x1) + 2 * kSpanPadX, line.height() + 2 * kSpanPadY));
        if (firstLine.second < 0) firstLine = {pi, li};
      }
    }
    if (s.rects.isEmpty()) continue;

    const QRectF& box = s.rects.front();
    const QSizeF size(tagMetrics.horizontalAdvance(s.label) + 2 * kTagPadX, tagMetrics.height());
    QRectF tag(QPointF(box.left(), box.top() - kTagGap - size.height()), size);
    auto it = tagEnds.find(firstLine);
    if (it != tagEnds.end() && tag.left() < it->second + 3) tag.moveLeft(it->second + 3);
    if (tag.right() > right) tag.moveLeft(std::max<qreal>(kMargin / 2.0, right - tag.width()));
    tagEnds[firstLine] = tag.right();
    s.tag = tag;
  }
}

void DocumentView::updateScrollBar() {
  QScrollBar* bar = verticalScrollBar();
  const int page = viewport()->height();
  bar->setRange(0, std::max(0, static_cast<int>(std::ceil(contentHeight_)) - page));
  bar->setPageStep(page);
  bar->setSingleStep(std::max(1, QFontMetrics(font()).height()));
}

void DocumentView::resizeEvent(QResizeEvent* event) {
  QAbstractScrollArea::resizeEvent(event);
  if (viewport()->width() != laidOutWidth_)
    relayout();
  else
    updateScrollBar();
}

void DocumentView::changeEvent(QEvent* event) {
  QAbstractScrollArea::changeEvent(event);
  if (event->type() == QEvent::FontChange) relayout();
  if (event->type() == QEvent::PaletteChange) viewport()->update();
}

bool DocumentView::viewportEvent(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(event);
    for (int i = 0; i < spanCount(); ++i) {
      const QVector<QRectF> rects = spanRects(i);
      const bool hit = tagRect(i).contains(help->pos()) ||
                       std::any_of(rects.begin(), rects.end(),
                                   [&](const QRectF& r) { return r.contains(help->pos()); });
      if (hit) {
        QToolTip::showText(help->globalPos(),
                           QStringLiteral("%1: “%2”").arg(spanLabel(i), spanText(i)), viewport());
        return true;
      }
    }
    QToolTip::hideText();
    event->ignore();
    return true;
  }
  return QAbstractScrollArea::viewportEvent(event);
}

void DocumentView::paintEvent(QPaintEvent*) {
  QPainter p(viewport());
  p.setRenderHint(QPainter::Antialiasing);
  const QPalette& pal = palette();

  if (text_.isEmpty()) {
    p.setPen(pal.color(QPalette::PlaceholderText));
    p.drawText(viewport()->rect().adjusted(kMargin, kMargin, -kMargin, -kMargin),
               Qt::AlignCenter | Qt::TextWordWrap, placeholder_);
    return;
  }

  const qreal dy = -scrollY();
  const QRectF visible(0, -dy, viewport()->width(), viewport()->height());

  // 1. Translucent fills under the text, so the text stays fully legible.
  for (const SpanItem& s : spans_) {
    p.setPen(Qt::NoPen);
    p.setBrush(LabelStyle::fill(s.color, pal));
    for (const QRectF& r : s.rects)
      if (r.intersects(visible)) p.drawRoundedRect(r.translated(0, dy), kRadius, kRadius);
  }

  // 2. The text.
  p.setPen(pal.color(QPalette::Text));
  for (const Paragraph& para : paragraphs_) {
    const QRectF box = para.layout->boundingRect().translated(para.layout->position());
    if (box.bottom() < visible.top() - 40 || box.top() > visible.bottom() + 40) continue;
    para.layout->draw(&p, QPointF(0, dy));
  }

  // 3. Outlines and label tags on top.
  const QFont tf = tagFont();
  p.setFont(tf);
  for (const SpanItem& s : spans_) {
    p.setBrush(Qt::NoBrush);
    p.setPen(QPen(LabelStyle::edge(s.color, pal), 1.2));
    for (const QRectF& r : s.rects)
      if (r.intersects(visible))
        p.drawRoundedRect(r.translated(0, dy).adjusted(0.5, 0.5, -0.5, -0.5), kRadius, kRadius);
    if (s.tag.isNull() || !s.tag.intersects(visible)) continue;
    const QRectF tag = s.tag.translated(0, dy);
    p.setPen(Qt::NoPen);
    p.setBrush(s.color);
    p.drawRoundedRect(tag, 3, 3);
    p.setPen(LabelStyle::ink(s.color));
    p.drawText(tag, Qt::AlignCenter, s.label);
  }
}

}  // namespace spanforge::ui
