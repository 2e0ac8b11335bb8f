#pragma once

#include <QStyledItemDelegate>

namespace spanforge::ui {

// Paints one document row of the browser in two lines: the snippet elided to
// the width, then a coloured status badge, the span count and the id (in
// ranked order also the rank and score).
class DocumentDelegate : public QStyledItemDelegate {
  Q_OBJECT

 public:
  explicit DocumentDelegate(QObject* parent = nullptr);

  void paint(QPainter* painter, const QStyleOptionViewItem& option,
             const QModelIndex& index) const override;
  QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

  static QFont metaFont(const QFont& base);
};

}  // namespace spanforge::ui
