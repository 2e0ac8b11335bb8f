#include "shell/splitworkspace.h"

#include <QResizeEvent>

#include <algorithm>

namespace spanforge::ui {

SplitWorkspace::SplitWorkspace(QWidget* side, int sideWidth, int maxShareDivisor, QWidget* parent)
    : QSplitter(Qt::Horizontal, parent),
      side_(side),
      sideWidth_(sideWidth),
      divisor_(std::max(1, maxShareDivisor)) {
  addWidget(side_);
  setChildrenCollapsible(false);
  setStretchFactor(0, 0);
  connect(this, &QSplitter::splitterMoved, this, [this] { sideWidth_ = side_->width(); });
}

void SplitWorkspace::takeEditor(QWidget* editor) {
  if (indexOf(editor) == 1) return;
  insertWidget(1, editor);  // takes it from the other workspace
  setStretchFactor(1, 1);
  capSide();
}

void SplitWorkspace::resizeEvent(QResizeEvent* event) {
  QSplitter::resizeEvent(event);
  capSide();
}

void SplitWorkspace::capSide() {
  side_->setMaximumWidth(std::max(side_->minimumSizeHint().width(), width() / divisor_));
  if (count() < 2) return;
  const int side = std::min(sideWidth_, side_->maximumWidth());
  setSizes({side, std::max(0, width() - side - handleWidth())});
}

}  // namespace spanforge::ui
