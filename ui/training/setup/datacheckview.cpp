#include "training/setup/datacheckview.h"

#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QStyle>
#include <QTreeWidget>
#include <QVBoxLayout>

namespace spanforge::ui {
namespace {

QIcon iconFor(const QStyle* style, project::Severity s) {
  switch (s) {
    case project::Severity::Warning:
      return style->standardIcon(QStyle::SP_MessageBoxWarning);
    case project::Severity::Info:
      return style->standardIcon(QStyle::SP_MessageBoxInformation);
    case project::Severity::Ok:
      break;
  }
  return style->standardIcon(QStyle::SP_DialogApplyButton);
}

}  // namespace

DataCheckView::DataCheckView(QWidget* parent)
    : QWidget(parent),
      summary_(new QLabel(this)),
      fix_(new QPushButton(tr("Fix What Can Be Fixed…"), this)),
      tree_(new QTreeWidget(this)) {
  summary_->setWordWrap(true);
  fix_->setToolTip(
      tr("Trims white space from the ends of spans, widens spans that cut into a word to the "
         "whole word and sets empty documents to ignored. It says what it will change first; "
         "Edit > Undo takes it back."));
  fix_->hide();
  connect(fix_, &QPushButton::clicked, this, &DataCheckView::fixRequested);
  summary_->setTextFormat(Qt::PlainText);
  tree_->setHeaderHidden(true);
  tree_->setColumnCount(1);
  tree_->setWordWrap(true);
  tree_->setUniformRowHeights(false);
  tree_->header()->setSectionResizeMode(QHeaderView::Stretch);
  // Six lines at most (it scrolls): it shares the Setup page's height.
  tree_->setMaximumHeight(fontMetrics().height() * 6 + 2 * tree_->frameWidth());
  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  auto* top = new QHBoxLayout;
  top->addWidget(summary_, 1);
  top->addWidget(fix_, 0, Qt::AlignTop);
  layout->addLayout(top);
  layout->addWidget(tree_, 1);
  clear(tr("The data checks run when you press Train (or Check Data)."));
}

QString DataCheckView::summary() const { return summary_->text(); }

bool DataCheckView::fixable(const DataCheckOutcome& r) {
  for (const auto& check : r.report.checks)
    if (check.count > 0 && (check.id == "span_whitespace" || check.id == "span_misaligned" ||
                            check.id == "empty_documents"))
      return true;
  return false;
}

void DataCheckView::clear(const QString& message) {
  tree_->clear();
  fix_->hide();
  summary_->setStyleSheet(QString());
  summary_->setText(message);
}

void DataCheckView::setResult(const DataCheckOutcome& r) {
  tree_->clear();
  fix_->setVisible(fixable(r));
  if (!r.blocking.isEmpty()) {
    summary_->setStyleSheet(QStringLiteral("color: #b71c1c; font-weight: bold;"));
    summary_->setText(tr("Training cannot start: %1").arg(r.blocking));
  } else {
    summary_->setStyleSheet(QString());
    const int warnings = r.warningCount();
    summary_->setText(tr("%L1 accepted documents: %L2 train, %L3 dev (%4). %5")
                          .arg(r.report.documents)
                          .arg(r.trainSentences)
                          .arg(r.devSentences)
                          .arg(r.devSource)
                          .arg(warnings == 0   ? tr("No warnings.")
                               : warnings == 1 ? tr("1 warning.")
                                               : tr("%L1 warnings.").arg(warnings)));
  }
  for (const auto& check : r.report.checks) {
    auto* item = new QTreeWidgetItem(tree_, {QString::fromStdString(check.message)});
    item->setIcon(0, iconFor(style(), check.severity));
    // A long message is elided in the list: the tool tip has all of it.
    item->setToolTip(0, QString::fromStdString(check.message + "\n(" + check.id + ")"));
    for (const auto& ex : check.examples)
      new QTreeWidgetItem(
          item, {tr("document %1: %2").arg(ex.documentId).arg(QString::fromStdString(ex.detail))});
    item->setExpanded(check.severity == project::Severity::Warning);
  }
  if (!r.warnings.isEmpty()) {
    auto* item = new QTreeWidgetItem(
        tree_, {tr("%n document(s) left out of training", nullptr, static_cast<int>(r.skipped))});
    item->setIcon(0, iconFor(style(), project::Severity::Warning));
    for (const QString& w : r.warnings) new QTreeWidgetItem(item, {w});
  }
}

}  // namespace spanforge::ui
