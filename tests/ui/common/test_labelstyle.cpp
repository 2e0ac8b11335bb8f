// Text in a label's colour must read on the editor's background (issue #66:
// "group · pattern" in a light yellow's hue was hard to read).
#include "common/labelstyle.h"
#include "darkpalette.h"

#include "catchapi.h"

#include <QPalette>

using spanforge::ui::LabelStyle;

TEST_CASE("Label style: a suggestion tag's text reads on light and dark backgrounds") {
  // The demo's label colours, light ones included.
  const char* const colours[] = {"#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3",
                                 "#fdb462", "#b3de69", "#fccde5", "#d9d9d9", "#e6194b"};
  for (const QPalette& palette : {QPalette(), spanforge::testing::darkPalette()}) {
    const QColor base = palette.color(QPalette::Base);
    for (const char* c : colours) {
      INFO(c << " on " << base.name().toStdString());
      CHECK(LabelStyle::contrast(LabelStyle::text(QColor(c), palette), base) >= 4.5);
    }
  }
  CHECK(LabelStyle::contrast(Qt::black, Qt::white) == Approx(21.0));
  CHECK(LabelStyle::contrast(QColor("#ffffb3"), Qt::white) < 1.2);  // the hue alone
}
