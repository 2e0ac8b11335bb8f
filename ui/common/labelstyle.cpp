#include "common/labelstyle.h"

#include "common/docstatusstyle.h"

#include <QPalette>

#include <algorithm>

namespace spanforge::ui {

double LabelStyle::luminance(const QColor& c) {
  return 0.2126 * c.redF() + 0.7152 * c.greenF() + 0.0722 * c.blueF();
}

QColor LabelStyle::fill(const QColor& label, const QPalette& palette) {
  QColor c = label;
  if (DocStatusStyle::isDark(palette)) {
    // Light text on top: keep the tint moderate whatever the colour.
    c.setAlphaF(0.38);
  } else {
    // Dark text on top: pastels can be strong, saturated colours must be light.
    c.setAlphaF(std::clamp(0.22 + 0.5 * luminance(label), 0.22, 0.7));
  }
  return c;
}

QColor LabelStyle::edge(const QColor& label, const QPalette& palette) {
  if (DocStatusStyle::isDark(palette))
    return label.lightnessF() < 0.45 ? label.lighter(170) : label;
  return luminance(label) > 0.45 ? label.darker(160) : label;
}

QColor LabelStyle::ink(const QColor& label) { return DocStatusStyle::textOn(label); }

}  // namespace spanforge::ui
