#include "editor/labellegend.h"

#include "common/labelstyle.h"

#include <QEvent>
#include <QHelpEvent>
#include <QMouseEvent>
#include <QPainter>
#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace spanforge::ui {

namespace {
constexpr qreal kPad = 6;      // around the whole row
constexpr qreal kSpacing = 6;  // between chips
constexpr qreal kChipPadX = 7;
constexpr qreal kKeyGap = 6;  // between the hotkey cap and the name
}  // namespace

LabelLegend::LabelLegend(QWidget* parent) : QWidget(parent) {
  setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Preferred);
  QSizePolicy sp = sizePolicy();
  sp.setHeightForWidth(true);
  setSizePolicy(sp);
  setMouseTracking(true);
}

QString LabelLegend::labelName(int i) const {
  return i >= 0 && i < labelCount() ? labels_[size_t(i)].name : QString();
}

void LabelLegend::setHint(const QString& hint) {
  hint_ = hint;
  update();
}

int LabelLegend::chipAt(const QPointF& pos) const {
  std::vector<QRectF> rects;
  layoutChips(width(), &rects);
  for (size_t i = 0; i < rects.size(); ++i)
    if (rects[i].contains(pos)) return static_cast<int>(i);
  return -1;
}

void LabelLegend::mouseMoveEvent(QMouseEvent* event) {
  const int chip = chipAt(event->position());
  if (chip == hover_) return;
  hover_ = chip;
  setCursor(chip >= 0 ? Qt::PointingHandCursor : Qt::ArrowCursor);
  update();
}

void LabelLegend::leaveEvent(QEvent*) {
  hover_ = -1;
  update();
}

void LabelLegend::mousePressEvent(QMouseEvent* event) {
  const int chip = chipAt(event->position());
  if (event->button() == Qt::LeftButton && chip >= 0) emit labelClicked(labels_[size_t(chip)].name);
}

void LabelLegend::setLabels(const std::vector<store::Label>& labels,
                            const std::map<std::string, int64_t>& spanCounts) {
  labels_.clear();
  hover_ = -1;
  for (const store::Label& l : labels) {
    Chip c;
    c.name = QString::fromStdString(l.name);
    c.hotkey = QString::fromStdString(l.hotkey).toUpper();
    c.color = QColor(QString::fromStdString(l.color));
    if (!c.color.isValid()) c.color = QColor(0x8a, 0x90, 0x99);
    const auto it = spanCounts.find(l.name);
    c.spans = it == spanCounts.end() ? 0 : it->second;
    labels_.push_back(c);
  }
  updateGeometry();
  update();
}

QFont LabelLegend::keyFont() const {
  QFont f = font();
  f.setPointSizeF(f.pointSizeF() * 0.8);
  f.setWeight(QFont::Bold);
  return f;
}

qreal LabelLegend::chipWidth(const Chip& c) const {
  const QFontMetricsF fm(font());
  qreal w = kChipPadX * 2 + fm.horizontalAdvance(c.name);
  if (!c.hotkey.isEmpty()) w += fm.height() - 2 + kKeyGap;  // square key cap
  return std::ceil(w);
}

qreal LabelLegend::layoutChips(qreal width, std::vector<QRectF>* rects) const {
  const qreal h = QFontMetricsF(font()).height() + 8;
  if (labels_.empty()) return h + 2 * kPad;  // room for the "no labels" hint
  qreal x = kPad, y = kPad;
  for (const Chip& c : labels_) {
    const qreal w = chipWidth(c);
    if (x > kPad && x + w > width - kPad) {  // wrap
      x = kPad;
      y += h + kSpacing;
    }
    if (rects) rects->push_back(QRectF(x, y, w, h));
    x += w + kSpacing;
  }
  return y + h + kPad;
}

int LabelLegend::heightForWidth(int width) const {
  return static_cast<int>(std::ceil(layoutChips(width, nullptr)));
}

QSize LabelLegend::sizeHint() const {
  qreal w = kPad * 2;
  for (const Chip& c : labels_) w += chipWidth(c) + kSpacing;
  return QSize(static_cast<int>(w), heightForWidth(static_cast<int>(w)));
}

QSize LabelLegend::minimumSizeHint() const {
  return QSize(80, static_cast<int>(QFontMetricsF(font()).height() + 8 + 2 * kPad));
}

QRectF LabelLegend::chipRect(int i) const {
  std::vector<QRectF> rects;
  layoutChips(width(), &rects);
  return i >= 0 && i < static_cast<int>(rects.size()) ? rects[size_t(i)] : QRectF();
}

void LabelLegend::paintEvent(QPaintEvent*) {
  QPainter p(this);
  p.setRenderHint(QPainter::Antialiasing);
  const QPalette& pal = palette();
  if (labels_.empty()) {
    p.setPen(pal.color(QPalette::PlaceholderText));
    p.drawText(rect().adjusted(int(kPad) + 2, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
               tr("This project has no labels yet"));
    return;
  }
  std::vector<QRectF> rects;
  layoutChips(width(), &rects);
  const QFont kf = keyFont();

  for (size_t i = 0; i < labels_.size(); ++i) {
    const Chip& c = labels_[i];
    const QRectF r = rects[i].adjusted(0.5, 0.5, -0.5, -0.5);
    const bool hover = static_cast<int>(i) == hover_;
    p.setPen(QPen(LabelStyle::edge(c.color, pal), hover ? 2.0 : 1.2));
    QColor fill = LabelStyle::fill(c.color, pal);
    if (hover) fill.setAlphaF(std::min(1.0, fill.alphaF() * 1.6));
    p.setBrush(fill);
    p.drawRoundedRect(r, r.height() / 2, r.height() / 2);

    qreal x = r.left() + kChipPadX;
    if (!c.hotkey.isEmpty()) {
      // The hotkey as a small solid key cap in the label colour.
      const qreal side = r.height() - 8;
      const QRectF key(x - 2, r.center().y() - side / 2, side, side);
      p.setPen(Qt::NoPen);
      p.setBrush(c.color);
      p.drawRoundedRect(key, 3, 3);
      p.setFont(kf);
      p.setPen(LabelStyle::ink(c.color));
      p.drawText(key, Qt::AlignCenter, c.hotkey);
      x = key.right() + kKeyGap;
    }
    p.setFont(font());
    p.setPen(pal.color(QPalette::Text));
    p.drawText(QRectF(x, r.top(), r.right() - x, r.height()), Qt::AlignLeft | Qt::AlignVCenter,
               c.name);
  }
  // The hint, right-aligned on the last row when it fits beside the chips.
  if (!hint_.isEmpty() && !rects.empty()) {
    const QRectF& lastChip = rects.back();
    const QRectF room(lastChip.right() + 24, lastChip.top(), width() - kPad - lastChip.right() - 24,
                      lastChip.height());
    if (QFontMetricsF(font()).horizontalAdvance(hint_) <= room.width()) {
      p.setFont(font());
      p.setPen(pal.color(QPalette::PlaceholderText));
      p.drawText(room, Qt::AlignRight | Qt::AlignVCenter, hint_);
    }
  }
}

bool LabelLegend::event(QEvent* event) {
  if (event->type() == QEvent::ToolTip) {
    const auto* help = static_cast<QHelpEvent*>(event);
    std::vector<QRectF> rects;
    layoutChips(width(), &rects);
    for (size_t i = 0; i < rects.size(); ++i) {
      if (!rects[i].contains(help->pos())) continue;
      const Chip& c = labels_[i];
      QString tip = c.name;
      tip += c.spans == 1 ? tr(" · 1 span") : tr(" · %1 spans").arg(c.spans);
      tip += c.hotkey.isEmpty()
                 ? tr("\nClick to label the selection with it.")
                 : tr("\nClick, or press %1, to label the selection with it.").arg(c.hotkey);
      QToolTip::showText(help->globalPos(), tip, this);
      return true;
    }
    QToolTip::hideText();
    event->ignore();
    return true;
  }
  return QWidget::event(event);
}

}  // namespace spanforge::ui
