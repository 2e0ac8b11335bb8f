#include "common/labelstyle.h"

#include "common/docstatusstyle.h"

#include <QPalette>

#include <algorithm>
#include <cmath>

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

double LabelStyle::contrast(const QColor& a, const QColor& b) {
  // WCAG's relative luminance: of linear light, not of the sRGB values.
  const auto linear = [](double v) {
    return v <= 0.03928 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
  };
  const auto relative = [&](const QColor& c) {
    return 0.2126 * linear(c.redF()) + 0.7152 * linear(c.greenF()) + 0.0722 * linear(c.blueF());
  };
  const double la = relative(a), lb = relative(b);
  return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor LabelStyle::text(const QColor& label, const QPalette& palette) {
  const QColor base = palette.color(QPalette::Base);
  const bool dark = DocStatusStyle::isDark(palette);
  QColor c = edge(label, palette);
  for (int i = 0; i < 20 && contrast(c, base) < 4.5; ++i) c = dark ? c.lighter(115) : c.darker(115);
  return contrast(c, base) < 4.5 ? palette.color(QPalette::Text) : c;
}

}  // namespace spanforge::ui
