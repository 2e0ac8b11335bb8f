#include "common/contextdelegate.h"

#include "common/labelstyle.h"

#include <QApplication>
#include <QPainter>

#include <algorithm>

namespace spanforge::ui {

ContextDelegate::ContextDelegate(int beforeRole, int spanRole, int afterRole, int colorRole,
                                 QObject* parent)
    : QStyledItemDelegate(parent),
      beforeRole_(beforeRole),
      spanRole_(spanRole),
      afterRole_(afterRole),
      colorRole_(colorRole) {}

QSize ContextDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex&) const {
  return QSize(360, QFontMetrics(option.font).height() + 10);
}

void ContextDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                            const QModelIndex& index) const {
  QStyleOptionViewItem opt = option;
  initStyleOption(&opt, index);
  const QWidget* widget = opt.widget;
  QStyle* style = widget ? widget->style() : QApplication::style();
  opt.text.clear();
  style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

  const QString before = index.data(beforeRole_).toString();
  const QString span = index.data(spanRole_).toString();
  const QString after = index.data(afterRole_).toString();
  const QColor color = index.data(colorRole_).value<QColor>();
  const bool selected = opt.state & QStyle::State_Selected;
  const QColor ink = opt.palette.color(selected ? QPalette::HighlightedText : QPalette::Text);
  QColor faint = ink;
  faint.setAlphaF(0.7);

  painter->save();
  painter->setRenderHint(QPainter::Antialiasing);
  painter->setFont(opt.font);
  const QFontMetrics fm(opt.font);
  const QRect r = opt.rect.adjusted(6, 0, -6, 0);
  const int spanWidth = std::min(fm.horizontalAdvance(span) + 6, r.width());
  // The span sits a third of the way in, or further left when the text
  // before it is short.
  const int beforeWidth =
      std::min(fm.horizontalAdvance(before), std::max(0, (r.width() - spanWidth) / 3));
  const QRect beforeRect(r.left(), r.top(), beforeWidth, r.height());
  const QRect spanRect(beforeRect.right() + 1, r.top() + 3, spanWidth, r.height() - 6);
  const QRect afterRect(spanRect.right() + 1, r.top(), r.right() - spanRect.right(), r.height());

  painter->setPen(faint);
  painter->drawText(beforeRect, Qt::AlignRight | Qt::AlignVCenter,
                    fm.elidedText(before, Qt::ElideLeft, beforeRect.width()));
  painter->setPen(QPen(LabelStyle::edge(color, opt.palette), 1.2));
  painter->setBrush(LabelStyle::fill(color, opt.palette));
  painter->drawRoundedRect(QRectF(spanRect).adjusted(0.5, 0.5, -0.5, -0.5), 3, 3);
  painter->setPen(ink);
  painter->drawText(spanRect, Qt::AlignCenter,
                    fm.elidedText(span, Qt::ElideMiddle, spanRect.width() - 4));
  painter->setPen(faint);
  painter->drawText(afterRect.adjusted(3, 0, 0, 0), Qt::AlignLeft | Qt::AlignVCenter,
                    fm.elidedText(after, Qt::ElideRight, afterRect.width() - 3));
  painter->restore();
}

}  // namespace spanforge::ui
