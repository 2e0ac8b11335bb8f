#include "shell/workspacestack.h"

#include <QAction>
#include <QActionGroup>
#include <QHBoxLayout>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>

namespace spanforge::ui {

WorkspaceStack::WorkspaceStack(QWidget* parent)
    : QWidget(parent),
      bar_(new QWidget(this)),
      buttons_(new QVBoxLayout(bar_)),
      stack_(new QStackedWidget(this)),
      group_(new QActionGroup(this)) {
  bar_->setObjectName(QStringLiteral("modeBar"));
  // A shade apart from the pages, in light and dark palettes alike.
  bar_->setBackgroundRole(QPalette::Mid);
  bar_->setAutoFillBackground(true);
  buttons_->setContentsMargins(0, 4, 0, 4);
  buttons_->setSpacing(2);
  buttons_->addStretch();
  auto* layout = new QHBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(0);
  layout->addWidget(bar_);
  layout->addWidget(stack_, 1);
  group_->setExclusive(true);
}

void WorkspaceStack::addWorkspace(Workspace workspace, const QString& title, const QString& tip,
                                  QWidget* page) {
  const int n = static_cast<int>(entries_.size()) + 1;
  auto* action = new QAction(title, this);
  action->setCheckable(true);
  if (n <= 9) action->setShortcut(QKeyCombination(Qt::CTRL, static_cast<Qt::Key>(Qt::Key_0 + n)));
  action->setToolTip(QStringLiteral("%1 (%2)\n%3")
                         .arg(QString(title).remove(QLatin1Char('&')),
                              action->shortcut().toString(QKeySequence::NativeText), tip));
  group_->addAction(action);
  connect(action, &QAction::triggered, this, [this, workspace] { setCurrent(workspace); });
  auto* button = new QToolButton(bar_);
  button->setDefaultAction(action);
  button->setToolButtonStyle(Qt::ToolButtonTextOnly);
  button->setAutoRaise(true);
  button->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
  button->setMinimumHeight(button->sizeHint().height() * 2);
  buttons_->insertWidget(buttons_->count() - 1, button);
  stack_->addWidget(page);
  entries_[workspace] = {page, action, button};
  if (entries_.size() == 1) {
    current_ = workspace;
    action->setChecked(true);
  }
}

QWidget* WorkspaceStack::page(Workspace workspace) const {
  const auto it = entries_.find(workspace);
  return it == entries_.end() ? nullptr : it->second.page;
}

QAction* WorkspaceStack::action(Workspace workspace) const {
  const auto it = entries_.find(workspace);
  return it == entries_.end() ? nullptr : it->second.action;
}

QToolButton* WorkspaceStack::button(Workspace workspace) const {
  const auto it = entries_.find(workspace);
  return it == entries_.end() ? nullptr : it->second.button;
}

QList<QAction*> WorkspaceStack::workspaceActions() const { return group_->actions(); }

void WorkspaceStack::setCurrent(Workspace workspace) {
  const auto it = entries_.find(workspace);
  if (it == entries_.end()) return;
  it->second.action->setChecked(true);
  if (current_ == workspace && stack_->currentWidget() == it->second.page) return;
  current_ = workspace;
  emit aboutToShow(workspace);
  stack_->setCurrentWidget(it->second.page);
  emit currentChanged(workspace);
}

}  // namespace spanforge::ui
