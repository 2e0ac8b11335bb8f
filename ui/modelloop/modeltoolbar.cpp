#include "modelloop/modeltoolbar.h"

#include "active/strategy.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFontMetrics>
#include <QLabel>
#include <QProgressBar>

namespace spanforge::ui {

ModelToolBar::ModelToolBar(const ModelActions& actions, QWidget* parent)
    : QToolBar(tr("Model"), parent),
      actions_(actions),
      model_(new QLabel(this)),
      strategy_(new QComboBox(this)),
      nearDuplicates_(new QCheckBox(tr("Skip near-duplicates"), this)),
      progress_(new QProgressBar(this)) {
  setObjectName(QStringLiteral("modelToolBar"));  // for saveState
  setToolButtonStyle(Qt::ToolButtonTextOnly);
  model_->setContentsMargins(6, 0, 8, 0);
  addWidget(model_);
  addAction(actions.predict);
  addAction(actions.acceptAll);
  addSeparator();
  // Names and descriptions come from core's strategy table (untranslated:
  // the app has no translations yet), so a new strategy appears here too.
  QString strategyTip = tr("How the pool is ranked:");
  for (const active::StrategyInfo& info : active::strategyTable()) {
    const QString name = QString::fromUtf8(info.name);
    const QString description = QString::fromUtf8(info.description);
    strategy_->addItem(name, QString::fromLatin1(info.id));
    strategy_->setItemData(strategy_->count() - 1, description, Qt::ToolTipRole);
    strategyTip += QStringLiteral("\n%1: %2").arg(name, description);
  }
  strategy_->setToolTip(strategyTip);
  addWidget(strategy_);
  nearDuplicates_->setToolTip(
      tr("Move documents that nearly repeat a higher-ranked one (token 3-gram Jaccard ≥ 0.7) "
         "below the others"));
  addWidget(nearDuplicates_);
  addAction(actions.rank);
  progress_->setMaximumWidth(160);
  progress_->setTextVisible(true);
  progressAction_ = addWidget(progress_);
  addAction(actions.cancelRank);
  addAction(actions.next);
  setModelName({});
  setRanking(false);
}

void ModelToolBar::setModelName(const QString& name) {
  // A long name is elided in the middle (its run number ends it), whole in the tip.
  QFont bold = model_->font();
  bold.setBold(true);
  const QString shown = QFontMetrics(bold).elidedText(name, Qt::ElideMiddle, kModelNameWidth);
  model_->setText(name.isEmpty() ? tr("No current model")
                                 : tr("Model: <b>%1</b>").arg(shown.toHtmlEscaped()));
  model_->setToolTip(
      name.isEmpty()
          ? tr("Train a model, then choose “Use This Model” in "
               "Train > Runs and Models")
          : tr("%1, the project's current model, suggests and ranks").arg(name.toHtmlEscaped()));
}

void ModelToolBar::setRanking(bool running, qint64 done, qint64 total) {
  progressAction_->setVisible(running);
  actions_.cancelRank->setVisible(running);
  actions_.rank->setVisible(!running);
  progress_->setRange(0, total > 0 ? 1000 : 0);
  progress_->setValue(total > 0 ? static_cast<int>(1000 * done / total) : 0);
  progress_->setFormat(total > 0 ? tr("%1 / %2").arg(done).arg(total) : tr("Ranking…"));
}

}  // namespace spanforge::ui
