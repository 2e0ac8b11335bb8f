#include "editor/documentlayout.h"

#include <QFontMetricsF>
#include <QTextLayout>
#include <QTextOption>

#include <algorithm>
#include <cmath>

namespace spanforge::ui {

namespace {
bool isSentenceEnd(QChar c) {
  return c == QLatin1Char('.') || c == QLatin1Char('!') || c == QLatin1Char('?');
}
}  // namespace

DocumentLayout::DocumentLayout() = default;
DocumentLayout::~DocumentLayout() = default;

void DocumentLayout::setText(const QString& text) {
  text_ = text;
  split();
}

void DocumentLayout::setFont(const QFont& font, qreal tagHeight) {
  font_ = font;
  const QFontMetricsF fm(font_);
  charWidth_ = std::max<qreal>(1, fm.averageCharWidth());
  lineHeight_ = fm.height();
  tagBand_ = std::ceil(tagHeight + 2);
  split();
}

void DocumentLayout::setWidth(qreal width) {
  if (width == width_) return;
  width_ = width;
  split();
}

qreal DocumentLayout::lineWidth() const { return std::max<qreal>(60, width_ - 2 * kMargin); }

qreal DocumentLayout::estimate(const Block& b) const {
  const qreal chars = b.end - b.start;
  const qreal lines = std::max<qreal>(1, std::ceil(chars * charWidth_ / lineWidth()));
  return lines * (tagBand_ + lineHeight_ + kLineGap) + (b.paragraphEnd ? kParagraphGap : 0);
}

void DocumentLayout::split() {
  blocks_.clear();
  const int n = static_cast<int>(text_.size());
  qreal y = kMargin - tagBand_ / 2;
  auto addBlock = [&](int start, int end, bool paragraphEnd) {
    Block b;
    b.start = start;
    b.end = end;
    b.paragraphEnd = paragraphEnd;
    b.y = y;
    b.height = estimate(b);
    y += b.height;
    blocks_.push_back(std::move(b));
  };
  for (int start = 0; start <= n && n > 0;) {
    int end = static_cast<int>(text_.indexOf(QLatin1Char('\n'), start));
    if (end < 0) end = n;
    int pos = start;
    // Cut very long paragraphs after a sentence end, else after a space, so
    // no single block costs much to lay out.
    while (end - pos > kMaxBlock) {
      const int limit = pos + kMaxBlock;
      int cut = -1;
      for (int i = limit - 1; i > pos + kMaxBlock / 2 && cut < 0; --i)
        if (text_[i] == QLatin1Char(' ') && isSentenceEnd(text_[i - 1])) cut = i + 1;
      for (int i = limit - 1; i > pos && cut < 0; --i)
        if (text_[i].isSpace()) cut = i + 1;
      if (cut < 0) cut = text_[limit - 1].isHighSurrogate() ? limit - 1 : limit;
      addBlock(pos, cut, false);
      pos = cut;
    }
    addBlock(pos, end, true);
    start = end + 1;
  }
}

qreal DocumentLayout::height() const {
  if (blocks_.empty()) return 0;
  const Block& last = blocks_.back();
  return last.y + last.height - kParagraphGap + kMargin;
}

int DocumentLayout::laidOutBlocks() const {
  return static_cast<int>(
      std::count_if(blocks_.begin(), blocks_.end(), [](const Block& b) { return bool(b.layout); }));
}

void DocumentLayout::ensureLaidOut(size_t i) {
  Block& b = blocks_[i];
  if (b.layout) return;
  QString piece = text_.mid(b.start, b.end - b.start);
  piece.replace(QLatin1Char('\r'), QLatin1Char(' '));  // same length: offsets stay valid

  QTextOption option;
  option.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
  option.setTabStopDistance(charWidth_ * 4);
  b.layout = std::make_unique<QTextLayout>(piece, font_);
  b.layout->setTextOption(option);
  b.layout->setCacheEnabled(true);
  b.layout->beginLayout();
  qreal ly = 0;
  for (QTextLine line = b.layout->createLine(); line.isValid(); line = b.layout->createLine()) {
    line.setLineWidth(lineWidth());
    ly += tagBand_;
    line.setPosition(QPointF(0, ly));
    ly += line.height() + kLineGap;
  }
  b.layout->endLayout();

  const qreal height = ly + (b.paragraphEnd ? kParagraphGap : 0);
  const qreal delta = height - b.height;
  b.height = height;
  if (delta != 0)
    for (size_t k = i + 1; k < blocks_.size(); ++k) blocks_[k].y += delta;
}

std::pair<size_t, size_t> DocumentLayout::layoutRange(qreal top, qreal bottom) {
  if (blocks_.empty()) return {0, 0};
  const size_t first = blockAtY(top);
  size_t i = first;
  while (i < blocks_.size() && (i == first || blocks_[i].y < bottom)) ensureLaidOut(i++);
  return {first, i};
}

size_t DocumentLayout::blockAt(int pos) const {
  auto it = std::upper_bound(blocks_.begin(), blocks_.end(), pos,
                             [](int p, const Block& b) { return p < b.start; });
  return it == blocks_.begin() ? 0 : size_t(it - blocks_.begin()) - 1;
}

size_t DocumentLayout::blockAtY(qreal y) const {
  auto it = std::upper_bound(blocks_.begin(), blocks_.end(), y,
                             [](qreal v, const Block& b) { return v < b.y; });
  return it == blocks_.begin() ? 0 : size_t(it - blocks_.begin()) - 1;
}

int DocumentLayout::hitTest(const QPointF& point, bool onCharacter) {
  if (blocks_.empty()) return 0;
  const size_t i = blockAtY(point.y());
  ensureLaidOut(i);
  const Block& b = blocks_[i];
  const qreal ly = point.y() - b.y;
  const int lines = b.layout->lineCount();
  for (int li = 0; li < lines; ++li) {
    const QTextLine line = b.layout->lineAt(li);
    if (ly < line.y() + line.height() + kLineGap || li == lines - 1) {
      int x = line.xToCursor(point.x() - kMargin, onCharacter ? QTextLine::CursorOnCharacter
                                                              : QTextLine::CursorBetweenCharacters);
      // Past a wrapped line's end: its last character, not the next line's first.
      const int lineEnd = line.textStart() + line.textLength();
      if (x >= lineEnd && line.textLength() > 0 && (onCharacter || li < lines - 1))
        x = lineEnd - (onCharacter ? 1 : 0);
      return b.start + x;
    }
  }
  return b.start;
}

QVector<QRectF> DocumentLayout::rangeRects(int start, int end) {
  QVector<QRectF> out;
  if (blocks_.empty() || end <= start) return out;
  const size_t last = blockAt(end - 1);
  for (size_t i = blockAt(start); i <= last; ++i) {
    ensureLaidOut(i);
    const Block& b = blocks_[i];
    const int a = std::max(start, b.start) - b.start;
    const int z = std::min(end, b.end) - b.start;
    if (a >= z) continue;
    for (int li = 0; li < b.layout->lineCount(); ++li) {
      const QTextLine line = b.layout->lineAt(li);
      const int la = std::max(a, line.textStart());
      const int lz = std::min(z, line.textStart() + line.textLength());
      if (la >= lz) continue;
      const qreal x1 = line.cursorToX(la);
      const qreal x2 = line.cursorToX(lz);
      out.push_back(
          QRectF(kMargin + std::min(x1, x2), b.y + line.y(), std::abs(x2 - x1), line.height()));
    }
  }
  return out;
}

QRectF DocumentLayout::lineRect(int pos) {
  if (blocks_.empty()) return QRectF(kMargin, kMargin, lineWidth(), lineHeight_);
  const size_t i = blockAt(pos);
  ensureLaidOut(i);
  const Block& b = blocks_[i];
  QTextLine line = b.layout->lineForTextPosition(std::clamp(pos - b.start, 0, b.end - b.start));
  if (!line.isValid()) line = b.layout->lineAt(b.layout->lineCount() - 1);
  return QRectF(kMargin, b.y + line.y(), lineWidth(), line.height());
}

}  // namespace spanforge::ui
