#include "editor/spanpainter.h"

#include "common/labelstyle.h"
#include "editor/documentlayout.h"

#include <QCoreApplication>
#include <QFontMetricsF>
#include <QPainter>
#include <QPalette>
#include <QTextLayout>

#include <algorithm>
#include <map>

namespace spanforge::ui {

namespace {
constexpr qreal kTagPadX = 4;
constexpr qreal kTagGap = 1;  // between a tag and the box it labels
constexpr qreal kRadius = 4;
}  // namespace

QVector<QRectF> SpanPainter::boxes(const TextRange& r) const {
  QVector<QRectF> out = layout_.rangeRects(r.start, r.end);
  for (QRectF& box : out) box.adjust(-kPadX, -kPadY, kPadX, kPadY);
  return out;
}

QString SpanPainter::tagText(const PaintSpan& span) {
  if (!span.isSuggestion()) return span.label;
  if (span.pattern)
    return QStringLiteral("%1 · %2").arg(span.label,
                                         QCoreApplication::translate("SpanPainter", "pattern"));
  return QStringLiteral("%1 %2").arg(span.label, QString::number(span.score, 'f', 2));
}

// A model's suggestions are dashed, a pattern's dotted: two sources, told apart at a glance.
QVector<qreal> SpanPainter::dashes(const PaintSpan& span) {
  return span.pattern ? QVector<qreal>{1.0, 1.5} : QVector<qreal>{3.0, 2.0};
}

std::pair<int, int> SpanPainter::spansIn(const std::vector<PaintSpan>& spans, int start, int end) {
  auto first = std::upper_bound(spans.begin(), spans.end(), start,
                                [](int p, const PaintSpan& s) { return p < s.range.end; });
  auto last = first;
  while (last != spans.end() && last->range.start < end) ++last;
  return {static_cast<int>(first - spans.begin()), static_cast<int>(last - spans.begin())};
}

std::vector<std::pair<int, QRectF>> SpanPainter::tags(const std::vector<PaintSpan>& spans,
                                                      size_t firstBlock, size_t lastBlock) const {
  std::vector<std::pair<int, QRectF>> out;
  if (firstBlock >= lastBlock || lastBlock > layout_.blockCount()) return out;
  const int start = layout_.block(firstBlock).start;
  const int end = layout_.block(lastBlock - 1).end;
  const QFontMetricsF fm(tagFont_);
  const qreal right = layout_.width() - DocumentLayout::kMargin / 2;
  std::map<qreal, qreal> lineEnds;  // line top -> right edge of its last tag
  const auto [first, last] = spansIn(spans, start, std::max(end, start + 1));
  for (int i = first; i < last; ++i) {
    const PaintSpan& s = spans[size_t(i)];
    if (s.range.start < start) continue;  // its tag belongs to an earlier block
    const QVector<QRectF> b = boxes(s.range);
    if (b.isEmpty()) continue;
    const QRectF& box = b.front();
    const QSizeF size(fm.horizontalAdvance(tagText(s)) + 2 * kTagPadX, fm.height());
    QRectF tag(QPointF(box.left(), box.top() - kTagGap - size.height()), size);
    const auto it = lineEnds.find(box.top());
    if (it != lineEnds.end() && tag.left() < it->second + 3) tag.moveLeft(it->second + 3);
    if (tag.right() > right)
      tag.moveLeft(std::max<qreal>(DocumentLayout::kMargin / 2, right - tag.width()));
    lineEnds[box.top()] = tag.right();
    out.emplace_back(i, tag);
  }
  return out;
}

QRectF SpanPainter::tagOf(const std::vector<PaintSpan>& spans, int i) const {
  if (i < 0 || i >= static_cast<int>(spans.size())) return {};
  const size_t block = layout_.blockAt(spans[size_t(i)].range.start);
  for (const auto& [index, rect] : tags(spans, block, block + 1))
    if (index == i) return rect;
  return {};
}

void SpanPainter::paint(QPainter& p, const QPalette& pal, const EditorScene& scene, qreal scrollY,
                        const QRectF& viewport) const {
  const std::vector<PaintSpan>& spans = *scene.spans;
  const auto [firstBlock, lastBlock] =
      layout_.layoutRange(scrollY + viewport.top(), scrollY + viewport.bottom());
  if (firstBlock >= lastBlock) return;
  const int textStart = layout_.block(firstBlock).start;
  const int textEnd = std::max(layout_.block(lastBlock - 1).end, textStart + 1);
  const auto [first, last] = spansIn(spans, textStart, textEnd);

  p.save();
  p.translate(0, -scrollY);
  const QRectF visible = viewport.translated(0, scrollY);
  auto each = [&](const QVector<QRectF>& rects, auto&& fn) {
    for (const QRectF& r : rects)
      if (r.intersects(visible)) fn(r);
  };

  // 1. Translucent fills under the text, so the text stays fully legible.
  std::vector<QVector<QRectF>> spanBoxes;
  for (int i = first; i < last; ++i) spanBoxes.push_back(boxes(spans[size_t(i)].range));
  p.setPen(Qt::NoPen);
  for (int i = first; i < last; ++i) {
    QColor fill = LabelStyle::fill(spans[size_t(i)].color, pal);
    if (spans[size_t(i)].isSuggestion()) fill.setAlphaF(fill.alphaF() * 0.35);
    p.setBrush(fill);
    each(spanBoxes[size_t(i - first)],
         [&](const QRectF& r) { p.drawRoundedRect(r, kRadius, kRadius); });
  }
  QColor highlight = pal.color(QPalette::Highlight);
  const QVector<QRectF> selection = boxes(scene.selection);
  QColor selectionFill = highlight;
  selectionFill.setAlphaF(0.22);
  p.setBrush(selectionFill);
  each(selection, [&](const QRectF& r) { p.drawRoundedRect(r, kRadius, kRadius); });

  // 2. The text.
  p.setPen(pal.color(QPalette::Text));
  for (size_t b = firstBlock; b < lastBlock; ++b) {
    const DocumentLayout::Block& block = layout_.block(b);
    block.layout->draw(&p, QPointF(DocumentLayout::kMargin, block.y));
  }

  // 3. Outlines, the selection's dashed edge, the focus ring and the caret.
  p.setBrush(Qt::NoBrush);
  for (int i = first; i < last; ++i) {
    const bool suggestion = spans[size_t(i)].isSuggestion();
    const qreal width = i == scene.hoverSpan ? 2.0 : suggestion ? 1.5 : 1.2;
    QPen pen(LabelStyle::edge(spans[size_t(i)].color, pal), width);
    if (suggestion) pen.setDashPattern(dashes(spans[size_t(i)]));
    p.setPen(pen);
    each(spanBoxes[size_t(i - first)], [&](const QRectF& r) {
      p.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), kRadius, kRadius);
    });
  }
  QPen dashed(highlight, 1.5, scene.charLevel ? Qt::DotLine : Qt::DashLine);
  p.setPen(dashed);
  each(selection, [&](const QRectF& r) {
    p.drawRoundedRect(r.adjusted(0.5, 0.5, -0.5, -0.5), kRadius, kRadius);
  });
  // The focus ring: in the text colour (dark on light, light on dark), so it
  // reads on every label colour, and tight, so it never covers the next word.
  QColor ring = pal.color(QPalette::Text);
  if (!scene.focused) ring.setAlphaF(0.45);
  const bool hasSelectedSpan = scene.selectedSpan >= first && scene.selectedSpan < last;
  if (hasSelectedSpan) {
    each(spanBoxes[size_t(scene.selectedSpan - first)], [&](const QRectF& r) {
      p.setPen(QPen(ring, 2.0));
      p.drawRoundedRect(r.adjusted(-0.5, -0.5, 0.5, 0.5), kRadius + 0.5, kRadius + 0.5);
    });
  }
  if (scene.selection.empty() && scene.selectedSpan < 0 && !scene.caret.empty() && scene.focused) {
    p.setPen(QPen(highlight, 2.0, Qt::SolidLine, Qt::RoundCap));
    each(layout_.rangeRects(scene.caret.start, scene.caret.end), [&](const QRectF& r) {
      p.drawLine(QPointF(r.left(), r.bottom() + 1.5), QPointF(r.right(), r.bottom() + 1.5));
    });
  }

  // 4. Label tags on top; the selected span's tag gets the ring's colour.
  p.setFont(tagFont_);
  const auto placed = tags(spans, firstBlock, lastBlock);
  for (const auto& [i, tag] : placed) {
    if (!tag.intersects(visible)) continue;
    const PaintSpan& s = spans[size_t(i)];
    if (s.isSuggestion()) {
      // Outlined, not solid: a suggestion is not gold yet.
      const QColor edge = LabelStyle::edge(s.color, pal);
      QPen pen = i == scene.selectedSpan ? QPen(ring, 1.5) : QPen(edge, 1.0);
      if (i != scene.selectedSpan) pen.setDashPattern(dashes(s));
      p.setPen(pen);
      p.setBrush(pal.color(QPalette::Base));
      p.drawRoundedRect(tag.adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
      p.setPen(LabelStyle::text(s.color, pal));  // a light label's hue alone did not read
      p.drawText(tag, Qt::AlignCenter, tagText(s));
      continue;
    }
    p.setPen(i == scene.selectedSpan ? QPen(ring, 1.5) : QPen(Qt::NoPen));
    p.setBrush(s.color);
    p.drawRoundedRect(tag, 3, 3);
    p.setPen(LabelStyle::ink(s.color));
    p.drawText(tag, Qt::AlignCenter, s.label);
  }

  // 5. Above a pending selection, what to do with it.
  if (!selection.isEmpty() && !scene.selectionHint.isEmpty()) {
    const QFontMetricsF fm(tagFont_);
    const QRectF& box = selection.front();
    QRectF tag(box.left(), box.top() - 1 - fm.height(),
               fm.horizontalAdvance(scene.selectionHint) + 2 * kTagPadX, fm.height());
    for (const auto& [i, other] : placed)  // clear span tags on the same line
      if (other.intersects(tag)) tag.moveLeft(other.right() + 3);
    p.setPen(Qt::NoPen);
    p.setBrush(highlight);
    p.drawRoundedRect(tag, 3, 3);
    p.setPen(pal.color(QPalette::HighlightedText));
    p.drawText(tag, Qt::AlignCenter, scene.selectionHint);
  }
  p.restore();
}

}  // namespace spanforge::ui
