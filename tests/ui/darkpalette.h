#pragma once

// A dark palette for screenshots: nothing may assume a white background.
#include <QColor>
#include <QPalette>

namespace spanforge::testing {

inline QPalette darkPalette() {
  QPalette p;
  p.setColor(QPalette::Window, QColor(0x2b, 0x2d, 0x31));
  p.setColor(QPalette::WindowText, QColor(0xe6, 0xe6, 0xe6));
  p.setColor(QPalette::Base, QColor(0x1e, 0x1f, 0x22));
  p.setColor(QPalette::AlternateBase, QColor(0x2b, 0x2d, 0x31));
  p.setColor(QPalette::Text, QColor(0xe6, 0xe6, 0xe6));
  p.setColor(QPalette::Button, QColor(0x35, 0x37, 0x3b));
  p.setColor(QPalette::ButtonText, QColor(0xe6, 0xe6, 0xe6));
  p.setColor(QPalette::Highlight, QColor(0x2f, 0x65, 0xca));
  p.setColor(QPalette::HighlightedText, Qt::white);
  p.setColor(QPalette::PlaceholderText, QColor(0x9a, 0x9d, 0xa3));
  p.setColor(QPalette::Light, QColor(0x4a, 0x4d, 0x52));
  p.setColor(QPalette::Midlight, QColor(0x3d, 0x40, 0x45));
  p.setColor(QPalette::Mid, QColor(0x24, 0x25, 0x28));
  p.setColor(QPalette::Dark, QColor(0x18, 0x19, 0x1b));
  p.setColor(QPalette::Shadow, Qt::black);
  return p;
}

}  // namespace spanforge::testing
