#include "modelloop/autoretrainer.h"

#include "modelloop/modelloop.h"
#include "modelloop/rankingcontroller.h"
#include "modelloop/suggestioncontroller.h"
#include "session/annotationsession.h"
#include "training/trainingpanel.h"

#include <QAction>
#include <QFileInfo>
#include <QInputDialog>
#include <QSettings>

#include <algorithm>

namespace spanforge::ui {
namespace {

const char* const kEnabledKey = "autoRetrain/enabled";
const char* const kEveryKey = "autoRetrain/every";
const char* const kFromScratchKey = "autoRetrain/fromScratch";

}  // namespace

AutoRetrainer::AutoRetrainer(TrainingPanel* panel, ModelLoop* loop, QSettings& settings,
                             QObject* parent)
    : QObject(parent),
      panel_(panel),
      loop_(loop),
      settings_(settings),
      enable_(new QAction(tr("Retrain &Automatically"), this)),
      everyAction_(new QAction(this)),
      fromScratchAction_(new QAction(tr("Start Each Round From &Scratch"), this)) {
  enabled_ = settings_.value(kEnabledKey, false).toBool();
  every_ = std::max(1, settings_.value(kEveryKey, kDefaultEvery).toInt());
  fromScratch_ = settings_.value(kFromScratchKey, kFromScratchByDefault).toBool();
  enable_->setCheckable(true);
  enable_->setChecked(enabled_);
  enable_->setStatusTip(
      tr("Train again, from the current model or from scratch, after every N newly accepted "
         "documents"));
  connect(enable_, &QAction::toggled, this, &AutoRetrainer::setEnabled);
  fromScratchAction_->setCheckable(true);
  fromScratchAction_->setChecked(fromScratch_);
  fromScratchAction_->setStatusTip(
      tr("Train each automatic round from random weights instead of from the current model"));
  connect(fromScratchAction_, &QAction::toggled, this, &AutoRetrainer::setFromScratch);
  connect(everyAction_, &QAction::triggered, this,
          [this] { askEvery(qobject_cast<QWidget*>(this->parent())); });
  connect(panel_, &TrainingPanel::trainingFinished, this, &AutoRetrainer::onTrainingFinished);
  connect(loop_->ranking(), &RankingController::runningChanged, this, [this](bool running) {
    if (!running && rankWanted_) rank();
  });
  updateActions();
}

void AutoRetrainer::setSession(AnnotationSession* session) {
  if (session_) disconnect(session_, nullptr, this, nullptr);
  session_ = session;
  // A run of the old project was cancelled and forgotten with it.
  running_ = false;
  rankWanted_ = false;
  baseline_ = accepted();
  if (session_)
    connect(session_, &AnnotationSession::countsChanged, this, &AutoRetrainer::maybeStart);
}

int64_t AutoRetrainer::accepted() const {
  if (!session_) return 0;
  const auto& counts = session_->statusCounts();
  const auto it = counts.find(text::DocStatus::Accepted);
  return it == counts.end() ? 0 : it->second;
}

// Net of undo: accepting a document and undoing it counts nothing.
int64_t AutoRetrainer::pending() const { return std::max<int64_t>(0, accepted() - baseline_); }

void AutoRetrainer::setEnabled(bool enabled) {
  if (enabled == enabled_) return;
  enabled_ = enabled;
  settings_.setValue(kEnabledKey, enabled);
  baseline_ = accepted();  // count from now, not from what was accepted before
  updateActions();
  emit message(enabled ? tr("Retraining after every %n accepted document(s).", "", every_)
                       : tr("Automatic retraining is off."));
}

void AutoRetrainer::setEvery(int every) {
  every_ = std::max(1, every);
  settings_.setValue(kEveryKey, every_);
  updateActions();
  maybeStart();
}

void AutoRetrainer::setFromScratch(bool fromScratch) {
  fromScratch_ = fromScratch;
  settings_.setValue(kFromScratchKey, fromScratch);
  fromScratchAction_->setChecked(fromScratch);
}

void AutoRetrainer::askEvery(QWidget* parent) {
  bool ok = false;
  const int n = QInputDialog::getInt(parent, tr("Retrain Automatically"),
                                     tr("Retrain after every N newly accepted documents:"), every_,
                                     1, 100000, 1, &ok);
  if (ok) setEvery(n);
}

void AutoRetrainer::updateActions() {
  enable_->setChecked(enabled_);
  everyAction_->setText(tr("Retrain &Every %n Accepted Document(s)…", "", every_));
}

void AutoRetrainer::maybeStart() {
  if (!enabled_ || !session_ || running_ || pending() < every_) return;
  // Another check or run is going: this round starts when it ends
  // (onTrainingFinished) or at the next accepted document.
  if (panel_->isBusy()) return;
  const auto& model = loop_->suggestions()->model();
  const QString package = model ? QString::fromStdString(model->path) : QString();
  const QString resume =
      !fromScratch_ && !package.isEmpty() && QFileInfo(package).isDir() ? package : QString();
  if (!panel_->retrain(resume)) return;
  running_ = true;
  roundBaseline_ = baseline_;
  baseline_ = accepted();
  ++rounds_;
  emit message(resume.isEmpty() ? tr("Automatic retraining: round %1 started.").arg(rounds_)
                                : tr("Automatic retraining: round %1 started from %2.")
                                      .arg(rounds_)
                                      .arg(QString::fromStdString(model->name)));
  emit roundStarted(rounds_);
}

void AutoRetrainer::onTrainingFinished(const TrainingOutcome& outcome) {
  if (!running_) {  // someone else's run: a waiting round may start now
    maybeStart();
    return;
  }
  running_ = false;
  const auto reason = outcome.finished.reason;
  const bool good = outcome.failure.isEmpty() && outcome.modelId && *outcome.modelId != 0 &&
                    reason != train::FinishReason::Cancelled;
  if (!good) {
    // Try again at the next accepted document rather than losing the count.
    baseline_ = roundBaseline_;
    emit message(
        outcome.failure.isEmpty()
            ? tr("Automatic retraining: round %1 was stopped.").arg(rounds_)
            : tr("Automatic retraining: round %1 failed: %2").arg(rounds_).arg(outcome.failure));
    emit roundFinished(rounds_, 0);
    return;
  }
  const int64_t modelId = *outcome.modelId;
  if (panel_->useModel(modelId)) {
    rankModel_ = modelId;
    rank();
  }
  emit roundFinished(rounds_, modelId);
  maybeStart();  // enough documents were accepted during the run
}

// With the strategy chosen last; a ranking still running for the old model
// was cancelled by the model change and must end first.
void AutoRetrainer::rank() {
  RankingController* ranking = loop_->ranking();
  const auto& model = ranking->model();
  rankWanted_ = ranking->running();
  if (!rankWanted_ && model && model->id == rankModel_) ranking->start();
}

}  // namespace spanforge::ui
