#include "editor/labellegend.h"
#include "editor/spaneditor.h"
#include "shell/statusbarcounts.h"

#include "catchapi.h"

#include <QFontMetricsF>
#include <QImage>
#include <QTest>

using spanforge::ui::LabelLegend;
using spanforge::ui::SpanEditor;
using spanforge::ui::StatusBarCounts;
namespace store = spanforge::store;
namespace text = spanforge::text;

namespace {
std::vector<store::Label> labels() {
  return {{1, "PER", "#e6194b", "1"}, {2, "LOC", "#4363d8", "2"}};
}
}  // namespace

TEST_CASE("SpanEditor places a span after emoji at the right rectangle") {
  SpanEditor view;
  view.setLabels(labels());
  view.resize(700, 300);
  view.show();
  REQUIRE(QTest::qWaitForWindowExposed(&view));

  // Two astral emoji (two UTF-16 units each) before the span: code point
  // offsets [12, 17) are UTF-16 offsets [14, 19).
  text::Document d;
  d.text = "\xF0\x9F\x8E\x89\xF0\x9F\x98\x80 party in Paris tonight";  // 🎉😀 party in Paris tonight
  d.spans = {{12, 17, "LOC"}, {3, 8, "PER"}};
  view.setDocument(7, d);

  CHECK(view.documentId() == 7);
  REQUIRE(view.spanCount() == 2);
  // Sorted by position; the text under each span is what the offsets name.
  CHECK(view.spanText(0) == QStringLiteral("party"));
  CHECK(view.spanText(1) == QStringLiteral("Paris"));
  CHECK(view.spanLabel(1) == QStringLiteral("LOC"));

  const QVector<QRectF> rects = view.spanRects(1);
  REQUIRE(rects.size() == 1);
  const QString& t = view.text();
  const int u16Start = static_cast<int>(t.indexOf(QStringLiteral("Paris")));
  REQUIRE(u16Start == 14);
  const QFontMetricsF fm(view.font());
  const qreal left = SpanEditor::kMargin + fm.horizontalAdvance(t.left(u16Start));
  const qreal width = fm.horizontalAdvance(QStringLiteral("Paris"));
  CHECK(rects[0].left() + SpanEditor::kSpanPadX == Approx(left).margin(1.0));
  CHECK(rects[0].width() - 2 * SpanEditor::kSpanPadX == Approx(width).margin(1.0));
  CHECK(rects[0].height() >= fm.height());
  // The two spans sit on one line; the tag sits just above its box.
  CHECK(view.spanRects(0).front().top() == Approx(rects[0].top()));
  const QRectF tag = view.tagRect(1);
  CHECK(tag.bottom() <= rects[0].top());
  CHECK(tag.left() == Approx(rects[0].left()));
  CHECK(tag.top() >= 0);

  // The overlay really is painted there: the box's fill tints the pixels.
  const QImage image = view.viewport()->grab().toImage();
  const QPoint inside = QPoint(int(rects[0].left()) + 2, int(rects[0].center().y()));
  const QColor base = view.palette().color(QPalette::Base);
  CHECK(image.pixelColor(inside) != base);
  const QPoint outside = QPoint(int(rects[0].right()) + 30, int(rects[0].bottom()) + 40);
  CHECK(image.pixelColor(outside) == base);
}

TEST_CASE("SpanEditor wraps long spans onto several lines and skips bad spans") {
  SpanEditor view;
  view.setLabels(labels());
  view.resize(240, 400);
  view.show();
  REQUIRE(QTest::qWaitForWindowExposed(&view));

  text::Document d;
  d.text =
      "Start: The International Federation of Association Football and friends\nsecond "
      "paragraph with Anna";
  const int64_t org = 7;
  d.spans = {{org, org + 52, "ORG"}, {94, 98, "PER"}, {90, 500, "PER"}};
  view.setDocument(1, d);
  REQUIRE(view.spanCount() == 2);  // the span past the end is dropped, not drawn
  CHECK(view.spanRects(0).size() >= 2);
  CHECK(view.spanText(1) == QStringLiteral("Anna"));
  // The second paragraph starts below the first one's last line.
  CHECK(view.spanRects(1).front().top() > view.spanRects(0).back().bottom());

  view.clearDocument();
  CHECK(view.spanCount() == 0);
  CHECK(view.text().isEmpty());
}

TEST_CASE("LabelLegend lays out one chip per label and wraps") {
  LabelLegend legend;
  std::vector<store::Label> many;
  for (int i = 0; i < 12; ++i)
    many.push_back({i + 1, "label-" + std::to_string(i), "#4363d8", std::to_string(i % 9 + 1)});
  legend.setLabels(many, {{"label-0", 3}});
  legend.resize(1000, legend.heightForWidth(1000));
  CHECK(legend.labelCount() == 12);
  CHECK(legend.chipRect(0).top() == Approx(legend.chipRect(1).top()));
  CHECK(legend.chipRect(1).left() > legend.chipRect(0).right());
  // Narrow: more rows, taller.
  CHECK(legend.heightForWidth(200) > legend.heightForWidth(1000));
  legend.resize(200, legend.heightForWidth(200));
  CHECK(legend.chipRect(2).top() > legend.chipRect(0).top());
}

TEST_CASE("StatusBarCounts summarises documents per status") {
  StatusBarCounts counts;
  CHECK(counts.plainText() == QStringLiteral("No project open"));
  counts.setCounts({{text::DocStatus::Accepted, 3394},
                    {text::DocStatus::Unlabelled, 2296},
                    {text::DocStatus::Ignored, 1}});
  CHECK(counts.plainText() == QStringLiteral("5,691 documents · accepted 3,394 · unlabelled "
                                             "2,296 · rejected 0 · ignored 1"));
}
