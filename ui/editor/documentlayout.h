#pragma once

#include <QFont>
#include <QRectF>
#include <QString>
#include <QVector>

#include <memory>
#include <utility>
#include <vector>

class QTextLayout;

namespace spanforge::ui {

// The text layout of one document for the span editor, in content coordinates
// (y grows from the top of the document, x includes the left margin).
//
// The text is cut into blocks: paragraphs, and very long paragraphs again at
// a sentence or word boundary every few thousand characters. A block is laid
// out with QTextLayout only when something needs a position inside it
// (painting, hit testing, a span's rectangles); until then its height is an
// estimate from the average character width. Opening and scrolling a
// 50,000-word document therefore costs only the blocks on screen.
// Every line reserves a band above it for span label tags.
class DocumentLayout {
 public:
  static constexpr qreal kMargin = 18;
  static constexpr qreal kLineGap = 4;       // below each line
  static constexpr qreal kParagraphGap = 8;  // extra space after a paragraph
  static constexpr int kMaxBlock = 2500;     // UTF-16 units before a paragraph is cut

  struct Block {
    int start = 0;  // UTF-16 offsets into the text; end excludes the '\n'
    int end = 0;
    qreal y = 0;       // top, content coordinates
    qreal height = 0;  // including the gap below
    bool paragraphEnd = true;
    std::unique_ptr<QTextLayout> layout;  // null until laid out
  };

  DocumentLayout();
  ~DocumentLayout();
  DocumentLayout(const DocumentLayout&) = delete;
  DocumentLayout& operator=(const DocumentLayout&) = delete;

  void setText(const QString& text);
  // tagHeight: the height of a span tag, which every line reserves above it.
  void setFont(const QFont& font, qreal tagHeight);
  // The viewport width; the text wraps at width - 2 * kMargin.
  void setWidth(qreal width);

  const QString& text() const { return text_; }
  const QFont& font() const { return font_; }
  qreal tagBand() const { return tagBand_; }
  qreal width() const { return width_; }
  // Content height, with estimates for the blocks not laid out yet.
  qreal height() const;
  size_t blockCount() const { return blocks_.size(); }
  const Block& block(size_t i) const { return blocks_[i]; }
  int laidOutBlocks() const;

  // Lays out the blocks that intersect [top, bottom) and returns them as
  // [first, last). Heights of earlier blocks never change here, so what is on
  // screen does not jump.
  std::pair<size_t, size_t> layoutRange(qreal top, qreal bottom);
  // The block holding UTF-16 position pos (the last one for the text's end).
  size_t blockAt(int pos) const;
  size_t blockAtY(qreal y) const;

  // The cursor position (UTF-16) nearest to a content point, or with
  // onCharacter the position of the character under it.
  int hitTest(const QPointF& point, bool onCharacter = false);
  // One rectangle per line covering [start, end) of the text (glyph boxes,
  // no padding), in content coordinates.
  QVector<QRectF> rangeRects(int start, int end);
  // The line box (full width) holding position pos.
  QRectF lineRect(int pos);

 private:
  void split();
  void ensureLaidOut(size_t i);
  qreal estimate(const Block& b) const;
  qreal lineWidth() const;

  QString text_;
  QFont font_;
  qreal tagBand_ = 0;
  qreal width_ = 400;
  qreal charWidth_ = 8;
  qreal lineHeight_ = 20;
  std::vector<Block> blocks_;
};

}  // namespace spanforge::ui
