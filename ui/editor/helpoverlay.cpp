#include "editor/helpoverlay.h"

#include "common/docstatusstyle.h"
#include "common/labelstyle.h"
#include "editor/editorshortcuts.h"

#include <QApplication>
#include <QEvent>
#include <QKeyEvent>
#include <QPainter>
#include <QPainterPath>

#include <algorithm>

namespace spanforge::ui {

HelpOverlay::HelpOverlay(QWidget* parent) : QWidget(parent) {
  setFocusPolicy(Qt::StrongFocus);
  setAttribute(Qt::WA_NoSystemBackground);
  hide();
  parent->installEventFilter(this);
}

void HelpOverlay::setLabels(const std::vector<store::Label>& labels) {
  labels_ = labels;
  update();
}

void HelpOverlay::toggle() { isVisible() ? close() : open(); }

void HelpOverlay::open() {
  returnFocus_ = QApplication::focusWidget();
  setGeometry(parentWidget()->rect());
  raise();
  show();
  setFocus(Qt::OtherFocusReason);
}

void HelpOverlay::close() {
  hide();
  if (returnFocus_) returnFocus_->setFocus(Qt::OtherFocusReason);
}

bool HelpOverlay::eventFilter(QObject* watched, QEvent* event) {
  if (watched == parentWidget() && event->type() == QEvent::Resize)
    setGeometry(parentWidget()->rect());
  return QWidget::eventFilter(watched, event);
}

void HelpOverlay::mousePressEvent(QMouseEvent*) { close(); }

void HelpOverlay::keyPressEvent(QKeyEvent*) { close(); }

void HelpOverlay::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const QPalette& pal = palette();
  QColor veil = pal.color(QPalette::Window);
  veil.setAlphaF(0.55);
  p.fillRect(rect(), veil);

  const QFont body = font();
  QFont bold = body;
  bold.setWeight(QFont::DemiBold);
  QFont title = bold;
  title.setPointSizeF(body.pointSizeF() * 1.15);
  const QFontMetricsF fm(body);
  const qreal row = fm.height() + 5;

  QVector<KeyGroup> groups = EditorShortcuts::groups();
  KeyGroup labels{tr("Label keys"), {}};
  for (const store::Label& l : labels_)
    labels.bindings.push_back(
        {QString::fromStdString(l.hotkey).toUpper(), QString::fromStdString(l.name)});
  if (labels.bindings.isEmpty()) labels.bindings.push_back({QString(), tr("no labels yet")});

  // Two columns (selection and labels | documents and label keys), or one
  // when the editor is too narrow for two.
  QVector<QVector<KeyGroup>> columns{{groups[0], groups[1]}, {groups[2], groups[3], labels}};
  const qreal pad = 22;
  const auto widths = [&](const QVector<KeyGroup>& column) {
    qreal keys = 0, actions = 0;
    for (const KeyGroup& g : column)
      for (const KeyBinding& b : g.bindings) {
        keys = std::max(keys, QFontMetricsF(bold).horizontalAdvance(b.keys));
        actions = std::max(actions, fm.horizontalAdvance(b.action) + 12);
      }
    return std::make_pair(keys, actions);
  };
  if (widths(columns[0]).first + widths(columns[0]).second + widths(columns[1]).first +
          widths(columns[1]).second + 2 * 16 + 3 * pad >
      width() - 16)
    columns = {{groups[0], groups[1], groups[2], groups[3], labels}};
  qreal cardWidth = pad, colHeight = 0;
  for (const auto& column : columns) {
    const auto [keys, actions] = widths(column);
    cardWidth += keys + 16 + actions + pad;
    qreal h = 0;
    for (const KeyGroup& g : column) h += row * 1.6 + row * g.bindings.size();
    colHeight = std::max(colHeight, h);
  }
  const qreal headline = row * 2;
  QRectF card(0, 0, cardWidth, colHeight + headline + 2 * pad);
  // Too big for the window (a short one, many labels): the whole card is
  // drawn smaller, never cut off.
  const qreal scale =
      std::min({qreal(1), (height() - 16) / card.height(), (width() - 16) / card.width()});
  p.scale(scale, scale);
  const QRectF area(0, 0, width() / scale, height() / scale);
  card.moveCenter(area.center());
  card.moveTop(std::max<qreal>(8 / scale, card.top()));
  shownCard_ = QRectF(card.topLeft() * scale, card.size() * scale);

  p.setPen(QPen(pal.color(QPalette::Mid), 1));
  p.setBrush(pal.color(QPalette::Base));
  p.drawRoundedRect(card, 10, 10);

  p.setPen(pal.color(QPalette::Text));
  p.setFont(title);
  p.drawText(QRectF(card.left() + pad, card.top() + pad, card.width() - 2 * pad, row),
             Qt::AlignLeft | Qt::AlignVCenter, tr("Keyboard and mouse"));
  QColor faint = pal.color(QPalette::Text);
  faint.setAlphaF(0.6);
  p.setFont(body);
  p.setPen(faint);
  p.drawText(QRectF(card.left() + pad, card.top() + pad, card.width() - 2 * pad, row),
             Qt::AlignRight | Qt::AlignVCenter, tr("Press any key to close"));

  qreal x = card.left() + pad;
  for (const auto& column : columns) {
    const auto [keyWidth, actionWidth] = widths(column);
    qreal y = card.top() + pad + headline;
    for (const KeyGroup& g : column) {
      p.setFont(bold);
      p.setPen(pal.color(QPalette::Highlight));
      p.drawText(QRectF(x, y, keyWidth + actionWidth, row), Qt::AlignLeft | Qt::AlignVCenter,
                 g.title);
      y += row * 1.3;
      const bool labelKeys = g.title == labels.title;
      for (int i = 0; i < g.bindings.size(); ++i) {
        const KeyBinding& b = g.bindings[i];
        if (labelKeys && i < static_cast<int>(labels_.size())) {
          const QColor color(QString::fromStdString(labels_[size_t(i)].color));
          p.setPen(Qt::NoPen);
          p.setBrush(LabelStyle::fill(color, pal));
          p.drawRoundedRect(
              QRectF(x + keyWidth + 10, y + 1, fm.horizontalAdvance(b.action) + 12, row - 2), 4, 4);
        }
        p.setFont(bold);
        p.setPen(pal.color(QPalette::Text));
        p.drawText(QRectF(x, y, keyWidth, row), Qt::AlignRight | Qt::AlignVCenter, b.keys);
        p.setFont(body);
        p.drawText(QRectF(x + keyWidth + 16, y, actionWidth, row), Qt::AlignLeft | Qt::AlignVCenter,
                   b.action);
        y += row;
      }
      y += row * 0.3;
    }
    x += keyWidth + 16 + actionWidth + pad;
  }
}

}  // namespace spanforge::ui
