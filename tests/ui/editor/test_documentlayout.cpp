// The editor's layout: lazy per-block layout of long documents, hit testing,
// and painting at a device pixel ratio of 2.
#include "editor/documentlayout.h"
#include "editor/spaneditor.h"

#include "catchapi.h"

#include <QApplication>
#include <QImage>
#include <QPainter>
#include <QScrollBar>
#include <QTest>

using spanforge::ui::DocumentLayout;
using spanforge::ui::SpanEditor;
namespace text = spanforge::text;
namespace store = spanforge::store;

namespace {
// words words, in paragraphs of paragraphWords (0: one paragraph), a span
// on every 50th word.
text::Document longDocument(int words, int paragraphWords) {
  static const char* const kWords[] = {"Alice", "met", "Acme",    "in",  "Paris",
                                       "and",   "the", "weather", "was", "fine."};
  text::Document d;
  for (int i = 0; i < words; ++i) {
    const int64_t start = static_cast<int64_t>(d.text.size());
    d.text += kWords[i % 10];
    if (i % 50 == 0) d.spans.push_back({start, start + 5, "PER"});
    if (i + 1 < words) d.text += paragraphWords && (i + 1) % paragraphWords == 0 ? "\n" : " ";
  }
  return d;  // ASCII: byte offsets are code points
}
}  // namespace

TEST_CASE("A 50,000-word document lays out only what is visible") {
  for (int paragraphWords : {120, 0}) {
    SpanEditor editor;
    editor.setLabels({{1, "PER", "#e6194b", "1"}});
    editor.resize(900, 700);
    editor.show();
    REQUIRE(QTest::qWaitForWindowExposed(&editor));
    editor.setDocument(1, longDocument(50000, paragraphWords));
    editor.viewport()->repaint();
    const DocumentLayout& layout = editor.documentLayout();
    INFO("paragraphs of " << paragraphWords << " words, " << layout.blockCount() << " blocks");
    REQUIRE(layout.blockCount() > 50);
    for (size_t i = 0; i < layout.blockCount(); ++i)
      REQUIRE(layout.block(i).end - layout.block(i).start <= DocumentLayout::kMaxBlock);
    CHECK(layout.laidOutBlocks() <= 6);

    // Jump to the end: the last blocks are laid out, the middle is not.
    QScrollBar* bar = editor.verticalScrollBar();
    for (int i = 0; i < 3; ++i) {  // the range settles as estimates become real
      bar->setValue(bar->maximum());
      editor.viewport()->repaint();
    }
    CHECK(layout.block(layout.blockCount() - 1).layout != nullptr);
    CHECK(layout.laidOutBlocks() <= 14);
    // The last span is where the text says.
    const int last = editor.spanCount() - 1;
    REQUIRE(last > 900);
    CHECK(editor.spanText(last) == QStringLiteral("Alice"));
    const QVector<QRectF> rects = editor.spanRects(last);
    REQUIRE(rects.size() == 1);
    CHECK(rects.front().bottom() <= editor.viewport()->height());
    CHECK(rects.front().top() >= 0);
  }
}

TEST_CASE("DocumentLayout hit tests characters and cursor positions") {
  QFont font = QApplication::font();
  DocumentLayout layout;
  layout.setFont(font, 10);
  layout.setWidth(400);
  layout.setText(QStringLiteral("first paragraph here\nsecond one with more words in it"));
  REQUIRE(layout.blockCount() == 2);
  const int second = 21;  // "second"
  const QVector<QRectF> rects = layout.rangeRects(second, second + 6);
  REQUIRE(rects.size() == 1);
  CHECK(layout.hitTest(QPointF(rects[0].left() + 1, rects[0].center().y()), true) == second);
  CHECK(layout.hitTest(QPointF(rects[0].right() - 1, rects[0].center().y()), true) == second + 5);
  CHECK(layout.hitTest(QPointF(rects[0].right() - 1, rects[0].center().y())) == second + 6);
  CHECK(layout.lineRect(second).top() == Approx(rects[0].top()));
  CHECK(layout.lineRect(0).bottom() < rects[0].top());
}

TEST_CASE("The editor paints crisply at a device pixel ratio of 2") {
  SpanEditor editor;
  editor.setLabels({{1, "PER", "#e6194b", "1"}});
  editor.resize(500, 200);
  editor.show();
  REQUIRE(QTest::qWaitForWindowExposed(&editor));
  text::Document d;
  d.text = "Hello Alice, how are you?";
  d.spans = {{6, 11, "PER"}};
  editor.setDocument(1, d);
  const QRectF box = editor.spanRects(0).front();

  QImage image(editor.viewport()->size() * 2, QImage::Format_ARGB32_Premultiplied);
  image.setDevicePixelRatio(2);
  image.fill(Qt::white);
  editor.viewport()->render(&image);
  // Logical coordinates times two: the span's tint sits there, and the text
  // is drawn at full resolution (a sharp edge: black next to light pixels
  // within one logical pixel).
  const QColor base = editor.palette().color(QPalette::Base);
  const QPoint inside = (QPointF(box.left() + 2, box.top() + 2) * 2).toPoint();
  CHECK(image.pixelColor(inside) != base);
  const QPoint outside = (QPointF(box.right() + 40, box.bottom() + 60) * 2).toPoint();
  CHECK(image.pixelColor(outside) == base);
  int darkest = 255;
  for (int x = 0; x < image.width(); ++x)
    for (int y = int(box.top() * 2); y < int(box.bottom() * 2); ++y)
      darkest = std::min(darkest, qGray(image.pixel(x, y)));
  CHECK(darkest < 80);
}
