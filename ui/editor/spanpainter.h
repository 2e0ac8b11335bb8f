#pragma once

#include "editor/editorselection.h"

#include <QColor>
#include <QFont>
#include <QRectF>
#include <QString>
#include <QVector>

#include <utility>
#include <vector>

class QPainter;
class QPalette;

namespace spanforge::ui {

class DocumentLayout;

// One span as the editor draws it (UTF-16 range into the text).
struct PaintSpan {
  TextRange range;
  QString label;
  QColor color;
  // >= 0: a model's suggestion, not gold: drawn with a dashed outline, a
  // faint fill and its score in an outlined tag.
  double score = -1.0;
  // A pattern match's suggestion: dotted, its tag says "pattern", not a score.
  bool pattern = false;

  bool isSuggestion() const { return score >= 0.0; }
};

// What the editor shows on top of the text besides the spans.
struct EditorScene {
  const std::vector<PaintSpan>* spans = nullptr;
  TextRange selection;  // pending selection (live preview while dragging)
  bool charLevel = false;
  QString selectionHint;  // shown in a tag above the selection, e.g. "1–6 to label"
  int selectedSpan = -1;  // drawn with a focus ring
  int hoverSpan = -1;
  TextRange caret;  // the cursor token, underlined when nothing is selected
  bool focused = false;
};

// Paints a DocumentLayout with span overlays, all from data at draw time:
// translucent label-coloured boxes under the text, outlines and label tags
// above it, the selection preview, the focus ring and the caret. Model
// suggestions are one more kind of span in the same list (dashed, with their
// score), so their tags and the gold tags never cover each other. Only the
// blocks in view are laid out and drawn.
class SpanPainter {
 public:
  static constexpr qreal kPadX = 2.0;
  static constexpr qreal kPadY = 1.0;

  explicit SpanPainter(DocumentLayout& layout) : layout_(layout) {}

  void setTagFont(const QFont& font) { tagFont_ = font; }
  const QFont& tagFont() const { return tagFont_; }

  // The padded boxes of a range, one per line, in content coordinates.
  QVector<QRectF> boxes(const TextRange& r) const;
  // Tag rectangles (content coordinates) of the spans whose first line lies
  // in blocks [firstBlock, lastBlock), by span index. A tag sits above the
  // first box of its span and moves right to clear earlier tags on its line.
  std::vector<std::pair<int, QRectF>> tags(const std::vector<PaintSpan>& spans, size_t firstBlock,
                                           size_t lastBlock) const;
  QRectF tagOf(const std::vector<PaintSpan>& spans, int i) const;
  // What a span's tag reads: its label, and a suggestion's score.
  static QString tagText(const PaintSpan& span);
  static QVector<qreal> dashes(const PaintSpan& span);
  // Spans [first, last) that intersect the text range [start, end).
  static std::pair<int, int> spansIn(const std::vector<PaintSpan>& spans, int start, int end);

  // Paints the part of the document in the viewport rectangle (viewport
  // coordinates; the content is scrolled by scrollY).
  void paint(QPainter& p, const QPalette& pal, const EditorScene& scene, qreal scrollY,
             const QRectF& viewport) const;

 private:
  DocumentLayout& layout_;
  QFont tagFont_;
};

}  // namespace spanforge::ui
