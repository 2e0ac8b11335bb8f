#include "modelloop/rankingcontroller.h"

#include "common/qs.h"
#include "common/workerthread.h"
#include "modelloop/rankingworker.h"
#include "store/projectstore.h"

#include <exception>

namespace spanforge::ui {

RankingController::RankingController(QObject* parent) : QObject(parent) {}

RankingController::~RankingController() { stop(); }

void RankingController::stop() {
  if (cancel_) cancel_->store(true);
  thread_.reset();  // returns after the batch under way
  worker_ = nullptr;
  if (jobs_.isRunning()) {
    jobs_.invalidate();
    emit runningChanged(false);
  }
}

void RankingController::setProject(store::ProjectStore* project) {
  stop();
  project_ = project;
  rankings_ = project ? std::make_unique<store::RankingRepository>(project->db()) : nullptr;
  model_.reset();
  emit rankingChanged();
}

void RankingController::setModel(const std::optional<store::ModelRecord>& model) {
  const bool same = model && model_ && model->id == model_->id;
  if (same) return;
  if (jobs_.isRunning()) cancel();
  model_ = model;
  emit rankingChanged();
}

void RankingController::setStrategy(active::Strategy strategy) {
  if (strategy == strategy_) return;
  strategy_ = strategy;
  emit rankingChanged();
}

std::optional<store::RankingInfo> RankingController::ranking() {
  if (!rankings_ || !model_) return std::nullopt;
  try {
    return rankings_->info(model_->id, active::toString(strategy_));
  } catch (const std::exception& e) {
    emit message(qs(e.what()));
    return std::nullopt;
  }
}

int64_t RankingController::next(int64_t afterDocument) {
  if (!model_) return nextByPatterns(afterDocument);
  if (!ranking()) {
    emit message(tr("The pool is not ranked with %1 yet: click Rank Pool.")
                     .arg(QString::fromLatin1(active::toString(strategy_))));
    return 0;
  }
  try {
    // Continue after the document "next" opened last while it is open;
    // otherwise the most informative one left, other than the open one.
    const std::string strategy = active::toString(strategy_);
    auto next =
        rankings_->next(model_->id, strategy, afterDocument == lastFed_ ? afterDocument : 0);
    if (next && next->document.id == afterDocument)
      next = rankings_->next(model_->id, strategy, afterDocument);
    if (!next) {
      emit message(tr("No unlabelled document is left in the ranking: rank the pool again."));
      return 0;
    }
    lastFed_ = next->document.id;
    // The strategy's name and what it puts first, not its CLI id ("lc").
    const active::StrategyInfo& info = active::strategyInfo(strategy_);
    emit message(tr("Rank %1 by %2 (%3), score %4.")
                     .arg(next->rank)
                     .arg(QString::fromUtf8(info.name), QString::fromUtf8(info.description))
                     .arg(next->score, 0, 'f', 3));
    return next->document.id;
  } catch (const std::exception& e) {
    emit message(qs(e.what()));
    return 0;
  }
}

// The first round, before any model (Prodigy's ner.teach --patterns): the
// documents where the patterns found most.
int64_t RankingController::nextByPatterns(int64_t afterDocument) {
  int64_t matches = 0, id = 0;
  try {
    if (project_) id = project_->patterns().mostMatched(afterDocument, &matches);
  } catch (const std::exception& e) {
    emit message(qs(e.what()));
    return 0;
  }
  if (!id) {
    emit message(
        tr("There is no current model: train one, then choose “Use This Model”, or "
           "let patterns suggest first (Labels > Patterns and Term Lists)."));
    return 0;
  }
  emit message(
      tr("No model yet: the unlabelled document with the most pattern matches (%1).").arg(matches));
  return id;
}

void RankingController::start() {
  if (!project_ || jobs_.isRunning()) return;
  if (!model_ && !hasPatternSets()) {
    emit message(
        tr("There is no current model: train one, then choose “Use This Model”, or let "
           "patterns rank the first round (Labels > Patterns and Term Lists)."));
    return;
  }
  if (model_ && model_->path.empty()) {
    emit message(tr("The current model has no package directory to rank with."));
    return;
  }
  if (!worker_) {
    worker_ = new RankingWorker;
    thread_ = std::make_unique<WorkerThread>(worker_);
    connect(worker_, &RankingWorker::progressed, this,
            [this](int job, const active::RankProgress& p) {
              if (jobs_.isCurrent(job)) emit progressed(p.done, p.total);
            });
    connect(worker_, &RankingWorker::finished, this, &RankingController::finished);
  }
  RankRequest r;
  r.job = jobs_.start();
  r.projectPath = qs(project_->path());
  r.modelId = model_ ? model_->id : 0;
  r.modelPath = model_ ? qs(model_->path) : QString();
  r.strategy = strategy_;
  r.skipNearDuplicates = skipNearDuplicates_;
  r.cancel = cancel_ = std::make_shared<std::atomic<bool>>(false);
  emit runningChanged(true);
  emit message(model_ ? tr("Ranking the unlabelled pool with %1…").arg(qs(model_->name))
                      : tr("No model yet: matching the unlabelled pool with the pattern sets…"));
  RankingWorker* w = worker_;
  QMetaObject::invokeMethod(
      w, [w, r] { w->run(r); }, Qt::QueuedConnection);
}

bool RankingController::hasPatternSets() const {
  try {
    for (const auto& set : project_->patterns().sets())
      if (set.enabled) return true;
  } catch (const std::exception&) {
  }
  return false;
}

void RankingController::cancel() {
  if (!jobs_.isRunning()) return;
  if (cancel_) cancel_->store(true);
  emit message(tr("Cancelling the ranking…"));
}

void RankingController::finished(const RankOutcome& outcome) {
  if (!jobs_.finish(outcome.job)) return;
  emit runningChanged(false);
  if (!outcome.failure.isEmpty()) {
    emit message(tr("Ranking failed: %1").arg(outcome.failure));
    return;
  }
  const active::PoolRankResult& r = outcome.result;
  if (r.cancelled) {
    emit message(tr("Ranking cancelled; the previous ranking is kept."));
    return;
  }
  if (outcome.byPatterns) {
    emit message(tr("No model yet: matched %n unlabelled document(s) with the pattern sets, ", "",
                    static_cast<int>(outcome.patterns.documents)) +
                 tr("%n suggestion(s); Next Most Informative opens the most matched first.", "",
                    static_cast<int>(outcome.patterns.matches)));
    emit rankingChanged();
    return;
  }
  // The strategy the job ranked by, by name ("Margin"), not its CLI id.
  const auto ranked = active::parseStrategy(r.strategy);
  const QString name =
      ranked ? QString::fromUtf8(active::strategyInfo(*ranked).name) : qs(r.strategy);
  QString text = tr("Ranked %n unlabelled document(s)", "", static_cast<int>(r.documents)) +
                 tr(" by %1 in %2 s").arg(name).arg(r.seconds, 0, 'f', 1);
  if (skipNearDuplicates_) text += tr("; %1 near-duplicate(s) moved down").arg(r.nearDuplicates);
  if (!r.missingLabels.empty())
    text += tr("; the project lacks label %1, %2 suggestion(s) not stored")
                .arg(qs(r.missingLabels.front()))
                .arg(r.unstoredSpans);
  emit message(text + QLatin1Char('.'));
  emit rankingChanged();
}

}  // namespace spanforge::ui
