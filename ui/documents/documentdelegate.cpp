#include "documents/documentdelegate.h"

#include "common/docstatusstyle.h"
#include "documents/documentlistmodel.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPath>

namespace spanforge::ui {

namespace {
constexpr int kPadX = 10;
constexpr int kPadY = 6;
constexpr int kLineGap = 3;
}  // namespace

DocumentDelegate::DocumentDelegate(QObject* parent) : QStyledItemDelegate(parent) {}

QFont DocumentDelegate::metaFont(const QFont& base) {
  QFont f = base;
  f.setPointSizeF(base.pointSizeF() * 0.85);
  return f;
}

QSize DocumentDelegate::sizeHint(const QStyleOptionViewItem& option, const QModelIndex&) const {
  // Every row has the same height, which lets the view use uniform item sizes
  // and stay fast with hundreds of thousands of rows.
  const QFontMetrics fm(option.font);
  const QFontMetrics meta(metaFont(option.font));
  return QSize(200, kPadY * 2 + fm.height() + kLineGap + meta.height() + 2);
}

void DocumentDelegate::paint(QPainter* painter, const QStyleOptionViewItem& option,
                             const QModelIndex& index) const {
  QStyleOptionViewItem opt = option;
  initStyleOption(&opt, index);
  const QWidget* widget = opt.widget;
  QStyle* style = widget ? widget->style() : QApplication::style();

  // Background, selection and focus come from the style, text is ours.
  opt.text.clear();
  style->drawControl(QStyle::CE_ItemViewItem, &opt, painter, widget);

  painter->save();
  painter->setRenderHint(QPainter::Antialiasing);
  const bool selected = opt.state & QStyle::State_Selected;
  const QPalette::ColorGroup group =
      (opt.state & QStyle::State_Active) ? QPalette::Active : QPalette::Inactive;
  const QColor ink =
      opt.palette.color(group, selected ? QPalette::HighlightedText : QPalette::Text);
  QColor faint = ink;
  faint.setAlphaF(0.65);

  const QRect r = opt.rect.adjusted(kPadX, kPadY, -kPadX, -kPadY);
  const QFontMetrics fm(opt.font);
  const QFont meta = metaFont(opt.font);
  const QFontMetrics mfm(meta);

  // Line 1: the snippet.
  const QString snippet = index.data(DocumentListModel::SnippetRole).toString();
  painter->setFont(opt.font);
  painter->setPen(ink);
  const QRect line1(r.left(), r.top(), r.width(), fm.height());
  painter->drawText(line1, Qt::AlignLeft | Qt::AlignVCenter,
                    fm.elidedText(snippet, Qt::ElideRight, line1.width()));

  // Line 2: status badge, then "N spans", then the id on the right.
  const auto status =
      static_cast<text::DocStatus>(index.data(DocumentListModel::StatusRole).toInt());
  const qint64 spans = index.data(DocumentListModel::SpanCountRole).toLongLong();
  const qint64 id = index.data(DocumentListModel::IdRole).toLongLong();
  const int y2 = line1.bottom() + 1 + kLineGap;
  painter->setFont(meta);

  const QString badgeText = DocStatusStyle::name(status).toLower();
  const QColor badgeColor = DocStatusStyle::color(status);
  const QRectF badge(r.left(), y2, mfm.horizontalAdvance(badgeText) + 12, mfm.height() + 2);
  painter->setPen(Qt::NoPen);
  painter->setBrush(badgeColor);
  painter->drawRoundedRect(badge, badge.height() / 2, badge.height() / 2);
  painter->setPen(DocStatusStyle::textOn(badgeColor));
  painter->drawText(badge, Qt::AlignCenter, badgeText);

  painter->setPen(faint);
  QString idText = QStringLiteral("#%1").arg(id);
  // In ranked order: where the document stands and its informativeness.
  const QVariant rank = index.data(DocumentListModel::RankRole);
  if (rank.isValid())
    idText = tr("rank %1 · %2  ")
                 .arg(rank.toLongLong())
                 .arg(index.data(DocumentListModel::ScoreRole).toDouble(), 0, 'f', 3) +
             idText;
  const int idWidth = mfm.horizontalAdvance(idText);
  const QRect idRect(r.right() - idWidth, y2, idWidth + 1, int(badge.height()));
  painter->drawText(idRect, Qt::AlignRight | Qt::AlignVCenter, idText);

  const QString spanText = spans == 0   ? tr("no spans")
                           : spans == 1 ? tr("1 span")
                                        : tr("%1 spans").arg(spans);
  const QRect spanRect(int(badge.right()) + 8, y2, idRect.left() - int(badge.right()) - 12,
                       int(badge.height()));
  painter->drawText(spanRect, Qt::AlignLeft | Qt::AlignVCenter,
                    mfm.elidedText(spanText, Qt::ElideRight, spanRect.width()));
  painter->restore();
}

}  // namespace spanforge::ui
