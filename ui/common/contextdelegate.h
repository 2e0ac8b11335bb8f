#pragma once

#include <QStyledItemDelegate>

namespace spanforge::ui {

// Paints a span in its context on one line: the text before it (elided on
// the left), the span on a label-coloured box, the text after it (elided on
// the right), with the span kept in view whatever the column width. Reads
// the parts from the roles given (the review queue's and the evaluation
// view's models share it).
class ContextDelegate : public QStyledItemDelegate {
  Q_OBJECT

 public:
  ContextDelegate(int beforeRole, int spanRole, int afterRole, int colorRole,
                  QObject* parent = nullptr);

  void paint(QPainter* painter, const QStyleOptionViewItem& option,
             const QModelIndex& index) const override;
  QSize sizeHint(const QStyleOptionViewItem& option, const QModelIndex& index) const override;

 private:
  int beforeRole_;
  int spanRole_;
  int afterRole_;
  int colorRole_;
};

}  // namespace spanforge::ui
