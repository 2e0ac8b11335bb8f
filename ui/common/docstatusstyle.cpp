#include "common/docstatusstyle.h"

#include <QCoreApplication>
#include <QPalette>

namespace spanforge::ui {

const std::array<text::DocStatus, 4>& DocStatusStyle::all() {
  static const std::array<text::DocStatus, 4> kAll = {
      text::DocStatus::Unlabelled, text::DocStatus::Accepted, text::DocStatus::Rejected,
      text::DocStatus::Ignored};
  return kAll;
}

QString DocStatusStyle::name(text::DocStatus s) {
  switch (s) {
    case text::DocStatus::Unlabelled:
      return QCoreApplication::translate("DocStatus", "Unlabelled");
    case text::DocStatus::Accepted:
      return QCoreApplication::translate("DocStatus", "Accepted");
    case text::DocStatus::Rejected:
      return QCoreApplication::translate("DocStatus", "Rejected");
    case text::DocStatus::Ignored:
      return QCoreApplication::translate("DocStatus", "Ignored");
  }
  return {};
}

QColor DocStatusStyle::color(text::DocStatus s) {
  switch (s) {
    case text::DocStatus::Unlabelled:
      return QColor(0x3b, 0x82, 0xd6);
    case text::DocStatus::Accepted:
      return QColor(0x2f, 0x9e, 0x57);
    case text::DocStatus::Rejected:
      return QColor(0xd6, 0x4b, 0x45);
    case text::DocStatus::Ignored:
      return QColor(0x8a, 0x90, 0x99);
  }
  return Qt::gray;
}

QColor DocStatusStyle::textOn(const QColor& background) {
  // Relative luminance (sRGB approximation) decides the contrasting ink.
  const double l =
      0.2126 * background.redF() + 0.7152 * background.greenF() + 0.0722 * background.blueF();
  return l > 0.55 ? QColor(0x1b, 0x1b, 0x1b) : QColor(Qt::white);
}

bool DocStatusStyle::isDark(const QPalette& palette) {
  return palette.color(QPalette::Base).lightnessF() < 0.5;
}

}  // namespace spanforge::ui
