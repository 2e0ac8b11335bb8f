#pragma once

#include <QColor>

class QPalette;

namespace spanforge::ui {

// Colours derived from a label's colour for span boxes, tags and legend chips.
// Labels may be pastel (the store's default palette) or saturated (chosen by
// a user), and the palette may be light or dark: the fill strength and the
// outline adapt so the text on top stays readable in every combination.
class LabelStyle {
 public:
  // Translucent fill drawn under the palette's Text colour.
  static QColor fill(const QColor& label, const QPalette& palette);
  // Outline that stands out against the palette's Base colour.
  static QColor edge(const QColor& label, const QPalette& palette);
  // Text in the label's hue on the palette's Base colour, darkened (or, on a
  // dark palette, lightened) until it reads: a contrast of at least 4.5:1
  // (WCAG AA). An outlined suggestion tag's text ("group · pattern").
  static QColor text(const QColor& label, const QPalette& palette);
  static double contrast(const QColor& a, const QColor& b);
  // Text drawn on a solid label-coloured tag.
  static QColor ink(const QColor& label);
  static double luminance(const QColor& c);
};

}  // namespace spanforge::ui
