#include "modelloop/suggestioncontroller.h"

#include "common/qs.h"
#include "common/workerthread.h"
#include "editor/spaneditor.h"
#include "modelloop/modeltrust.h"
#include "modelloop/predictionworker.h"
#include "session/annotationsession.h"
#include "store/projectstore.h"

#include <algorithm>
#include <exception>

namespace spanforge::ui {

SuggestionController::SuggestionController(SpanEditor* editor, QObject* parent)
    : QObject(parent), editor_(editor) {}

SuggestionController::~SuggestionController() = default;

void SuggestionController::setSession(AnnotationSession* session) {
  if (session_) {
    disconnect(session_, nullptr, this, nullptr);
    disconnect(editor_, nullptr, this, nullptr);
  }
  session_ = session;
  patternNames_.clear();
  thread_.reset();  // waits for a running job; the worker closes its connection
  worker_ = nullptr;
  predicted_.clear();
  suggestions_.clear();
  if (jobs_.isRunning()) {
    jobs_.invalidate();
    emit busyChanged(false);
  }
  if (!session) {
    model_.reset();
    emit modelChanged();
    return;
  }
  connect(session, &AnnotationSession::documentOpened, this,
          [this](const store::StoredDocument& d) {
            documentOpened(d.id, d.doc.status == text::DocStatus::Unlabelled);
          });
  connect(session, &AnnotationSession::predictionsChanged, this, [this](qint64 id) {
    if (session_ && session_->currentId() == id) showSuggestions();
  });
  connect(session, &AnnotationSession::labelsChanged, this, &SuggestionController::showSuggestions);
  connect(session, &AnnotationSession::stringsLearned, this, [this](qint64 id) {
    if (!session_ || session_->currentId() != id) return;
    session_->matchPatterns(id);
    showSuggestions();
  });
  connect(editor_, &SpanEditor::suggestionAcceptRequested, this,
          [this](const text::ScoredSpan& s, const QString& label) {
            if (session_)
              session_->acceptSuggestion(editor_->documentId(), s,
                                         {s.span.start, s.span.end, label.toStdString()});
          });
  connect(editor_, &SpanEditor::suggestionRejectRequested, this, [this](const text::ScoredSpan& s) {
    if (session_) session_->rejectSuggestion(editor_->documentId(), s);
  });
  session->setCombineRule(rule_);
  reloadModel();
}

void SuggestionController::reloadModel() {
  if (!session_) return;
  try {
    model_ = session_->project().runs().currentModel();
  } catch (const std::exception& e) {
    model_.reset();
    emit message(tr("Cannot read the current model: %1").arg(qs(e.what())));
  }
  // Nothing of a package runs or loads before the user agreed to it.
  QString why;
  if (model_ && trust_ && !model_->path.empty() &&
      !trust_->admit(session_->project().path(), model_->path, &why)) {
    emit message(tr("The current model %1 was not loaded: %2").arg(qs(model_->name), why));
    model_.reset();
  }
  session_->setSuggestionModel(model_ ? model_->id : 0);
  packageFailed_ = false;
  emit modelChanged();
  if (const store::StoredDocument* d = session_->current())
    documentOpened(d->id, d->doc.status == text::DocStatus::Unlabelled);
}

void SuggestionController::documentOpened(int64_t id, bool unlabelled) {
  // Pattern matches are suggestions from the first label on, model or not.
  if (unlabelled) session_->matchPatterns(id);
  showSuggestions();
  if (!model_) return;
  // Stored predictions mean it was predicted: once they are all accepted or
  // rejected, it is not predicted again.
  if (!suggestions_.empty()) predicted_.insert({model_->id, id});
  if (suggestions_.empty() && unlabelled && !packageFailed_ && !wasPredicted(id)) predict(id);
}

void SuggestionController::showSuggestions() {
  suggestions_.clear();
  const int64_t id = session_ ? session_->currentId() : 0;
  if (id) {
    try {
      suggestions_ = session_->suggestionsOf(id);  // the model's and pattern matches
      describePatterns();
    } catch (const std::exception& e) {
      emit message(tr("Cannot read the suggestions: %1").arg(qs(e.what())));
    }
  }
  editor_->setSuggestions(id, suggestions_);
  // Once per document and model: an undone acceptance stays undone.
  if (autoAccept_ && !autoAccepting_ && model_ && !suggestions_.empty() &&
      autoAccepted_.insert({model_->id, id}).second) {
    if (const int n = acceptAboveThreshold(); n > 0) {
      emit message(
          tr("Accepted %n suggestion(s) scored %1 or more automatically (Ctrl+Z undoes).", "", n)
              .arg(*autoAccept_, 0, 'f', 2));
      showSuggestions();  // what is left
      return;
    }
  }
  emit suggestionsChanged();
}

void SuggestionController::patternsChanged() {
  if (!session_) return;
  session_->patternSetsChanged();
  patternNames_.clear();
  if (const store::StoredDocument* d = session_->current())
    if (d->doc.status == text::DocStatus::Unlabelled) session_->matchPatterns(d->id);
  showSuggestions();
}

void SuggestionController::setCombineRule(active::CombineRule rule) {
  rule_ = rule;
  if (!session_) return;
  session_->setCombineRule(rule);
  showSuggestions();
}

// The editor names a pattern suggestion's set and line (read once per pattern).
void SuggestionController::describePatterns() {
  for (const text::ScoredSpan& s : suggestions_) {
    if (!s.fromPattern() || patternNames_.count(s.pattern)) continue;
    const auto source = session_->project().patterns().source(s.pattern);
    patternNames_[s.pattern] =
        source ? tr("pattern set “%1”, line %2").arg(qs(source->setName)).arg(source->line)
               : tr("a pattern set");
  }
  editor_->setPatternNames(patternNames_);
}

int SuggestionController::acceptAboveThreshold() {
  const store::StoredDocument* d = session_ ? session_->current() : nullptr;
  if (!d || d->doc.status != text::DocStatus::Unlabelled) return 0;
  std::vector<text::ScoredSpan> sure;
  for (int i = 0; i < editor_->suggestionCount(); ++i)
    // The threshold was chosen from the model's calibration: patterns are not under it.
    if (const text::ScoredSpan& s = editor_->suggestion(i);
        !s.fromPattern() && s.score >= *autoAccept_)
      sure.push_back(s);
  autoAccepting_ = true;
  int accepted = 0;
  for (const auto& s : sure) accepted += session_->acceptSuggestion(d->id, s, s.span) ? 1 : 0;
  autoAccepting_ = false;
  return accepted;
}

// Predicted before: asked in this session, or ranked with this model (the
// ranking stored every pool document's predictions, so an empty list there
// means the model found nothing, or everything was accepted or rejected).
bool SuggestionController::wasPredicted(int64_t document) {
  if (predicted_.count({model_->id, document})) return true;  // asked, maybe still running
  try {
    // The store remembers it after all suggestions were rejected, across restarts.
    return session_->project().predictions().predicted(document, model_->id);
  } catch (const std::exception&) {
    return false;
  }
}

void SuggestionController::predictThis() {
  if (!session_ || !session_->currentId()) {
    emit message(tr("Open a document first."));
    return;
  }
  if (!model_) {
    emit message(tr("There is no current model: train one, then choose “Use This Model”."));
    return;
  }
  predict(session_->currentId());
}

void SuggestionController::acceptAll() {
  if (session_ && session_->currentId()) session_->acceptAllSuggestions(session_->currentId());
}

void SuggestionController::ensureWorker() {
  if (worker_) return;
  worker_ = new PredictionWorker;
  thread_ = std::make_unique<WorkerThread>(worker_);
  connect(worker_, &PredictionWorker::finished, this, &SuggestionController::finished);
}

void SuggestionController::predict(int64_t document) {
  if (model_->path.empty()) {
    emit message(tr("The current model has no package directory to predict with."));
    return;
  }
  ensureWorker();
  predicted_.insert({model_->id, document});
  const bool wasBusy = jobs_.isRunning();
  PredictRequest r;
  r.job = jobs_.start();
  r.projectPath = QString::fromStdString(session_->project().path());
  r.modelId = model_->id;
  r.modelPath = qs(model_->path);
  r.documents = {document};
  if (!wasBusy) emit busyChanged(true);
  emit message(tr("Predicting suggestions with %1…").arg(qs(model_->name)));
  PredictionWorker* w = worker_;
  QMetaObject::invokeMethod(
      w, [w, r] { w->run(r); }, Qt::QueuedConnection);
}

void SuggestionController::finished(const PredictOutcome& outcome) {
  if (!jobs_.finish(outcome.job)) return;  // a newer request is under way
  emit busyChanged(false);
  if (!session_ || !model_ || outcome.modelId != model_->id) return;
  if (!outcome.failure.isEmpty()) {
    predicted_.erase({outcome.modelId, outcome.documents.front()});
    packageFailed_ = true;  // no more automatic attempts until the model changes
    emit message(tr("Cannot predict: %1").arg(outcome.failure));
    return;
  }
  packageFailed_ = false;
  const int64_t id = session_->currentId();
  if (std::find(outcome.documents.begin(), outcome.documents.end(), id) == outcome.documents.end())
    return;  // stored for when it is opened again
  if (!outcome.result.missingLabels.empty())
    emit message(tr("The project lacks the model's label(s) %1: %2 suggestion(s) not shown.")
                     .arg(qs(outcome.result.missingLabels.front()))
                     .arg(outcome.result.unstoredSpans));
  else
    emit message(outcome.result.predictedSpans == 0
                     ? tr("The model suggests no entities here.")
                     : tr("%n suggestion(s) from the model.", "",
                          static_cast<int>(outcome.result.predictedSpans)));
  showSuggestions();
}

}  // namespace spanforge::ui
