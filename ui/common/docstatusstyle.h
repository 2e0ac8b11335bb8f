#pragma once

#include "text/document.h"

#include <QColor>
#include <QString>

#include <array>

class QPalette;

namespace spanforge::ui {

// How a document status looks wherever the UI shows it (browser badges, filter
// combo, status bar), so the four states keep one colour and one name.
class DocStatusStyle {
 public:
  static const std::array<text::DocStatus, 4>& all();
  static QString name(text::DocStatus s);  // "Unlabelled", "Accepted", ...
  // A mid-tone colour that stays readable on light and dark palettes.
  static QColor color(text::DocStatus s);
  // Black or white, whichever reads better on top of background.
  static QColor textOn(const QColor& background);
  static bool isDark(const QPalette& palette);
};

}  // namespace spanforge::ui
