#pragma once

#include "catchapi.h"

#include <QLineEdit>
#include <QTest>
#include <QWidget>

namespace spanforge::testing {

// Replaces a line edit's text as a user does: select all, then type.
inline void typeText(QWidget* input, const QString& text) {
  auto* line = qobject_cast<QLineEdit*>(input);
  REQUIRE(line);
  line->setFocus();
  QTest::keyClick(line, Qt::Key_A, Qt::ControlModifier);
  QTest::keyClicks(line, text);
}

// Clicks a check box or radio button on its box, at the left edge.
inline void clickBox(QWidget* w) {
  QTest::mouseClick(w, Qt::LeftButton, {}, QPoint(6, w->height() / 2));
}

}  // namespace spanforge::testing
