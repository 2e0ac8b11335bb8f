#include "session/annotationsession.h"

#include "common/docstatusstyle.h"
#include "common/qs.h"
#include "session/commands/acceptsuggestioncommand.h"
#include "session/commands/addlabelcommand.h"
#include "session/commands/addspancommand.h"
#include "session/commands/changelabelcommand.h"
#include "session/commands/deletelabelcommand.h"
#include "session/commands/fixdatacommand.h"
#include "session/commands/labelhotkeycommand.h"
#include "session/commands/labeloccurrencescommand.h"
#include "session/commands/recolorlabelcommand.h"
#include "session/commands/removespancommand.h"
#include "session/commands/renamelabelcommand.h"
#include "session/commands/sessioncommand.h"
#include "session/commands/setstatuscommand.h"
#include "session/spanquote.h"
#include "session/suggestionactions.h"
#include "store/projectstore.h"
#include "store/storeerror.h"
#include "text/occurrencefinder.h"
#include "text/utf8.h"

#include <QStringList>
#include <QUndoStack>

#include <algorithm>
#include <exception>
#include <set>

namespace spanforge::ui {

namespace {
// The occurrences Label All Occurrences did not label, for its message:
// "1 already labelled, 2 overlapping a labelled span left alone".
QString notLabelled(const text::Occurrences& found) {
  QStringList parts;
  if (found.alreadyLabelled > 0)
    parts << AnnotationSession::tr("%1 already labelled").arg(found.alreadyLabelled);
  if (found.overlapping > 0)
    parts << AnnotationSession::tr("%1 overlapping a labelled span left alone")
                 .arg(found.overlapping);
  return parts.join(QStringLiteral(", "));
}
}  // namespace

AnnotationSession::AnnotationSession(store::ProjectStore& project, QObject* parent)
    : QObject(parent),
      project_(project),
      undo_(new QUndoStack(this)),
      suggestions_(std::make_unique<SuggestionActions>(*this)) {
  undo_->setUndoLimit(1000);
  reload();
}

AnnotationSession::~AnnotationSession() = default;

void AnnotationSession::reload() {
  labels_ = project_.labels().all();
  statusCounts_ = project_.documents().countByStatus();
  spanCounts_ = project_.documents().spanCountByLabel();
  emit labelsChanged();
  emit countsChanged();
}

std::optional<store::Label> AnnotationSession::label(const std::string& name) const {
  for (const store::Label& l : labels_)
    if (l.name == name) return l;
  return std::nullopt;
}

bool AnnotationSession::open(int64_t id) {
  std::optional<store::StoredDocument> stored;
  try {
    stored = project_.documents().get(id);
  } catch (const std::exception& e) {
    return refuse(qs(e.what()));
  }
  if (!stored) return refuse(tr("Document %1 no longer exists.").arg(id));
  current_ = std::make_unique<store::StoredDocument>(std::move(*stored));
  emit documentOpened(*current_);
  return true;
}

void AnnotationSession::close() { current_.reset(); }

bool AnnotationSession::refuse(const QString& message) {
  lastError_ = message;
  emit this->message(message);
  return false;
}

bool AnnotationSession::push(SessionCommand* command) {
  std::unique_ptr<SessionCommand> owned(command);
  lastError_.clear();
  if (!owned->applyFirst()) return false;
  undo_->push(owned.release());
  return true;
}

void AnnotationSession::commandFailed(const QString& what, const std::exception& e) {
  refuse(tr("%1 failed: %2").arg(what, qs(e.what())));
}

bool AnnotationSession::addSpan(const text::Span& span) {
  if (!current_) return refuse(tr("Open a document first."));
  if (!label(span.label)) return refuse(tr("There is no label %1.").arg(qs(span.label)));
  const text::Document& doc = current_->doc;
  for (const text::Span& s : doc.spans) {
    if (!s.overlaps(span)) continue;
    return refuse(tr("%1 overlaps the %2 span %3: spans cannot overlap. Select that span "
                     "(click or Tab) to relabel or delete it.")
                      .arg(quotedSpan(doc, span), qs(s.label), quotedSpan(doc, s)));
  }
  const QString what = tr("Label %1 as %2").arg(quotedSpan(doc, span), qs(span.label));
  // Labelling over suggestions edits them: they give way to the gold span.
  std::vector<text::ScoredSpan> replaced;
  try {
    replaced = suggestions_->under(current_->id, {span});
  } catch (const std::exception& e) {
    return refuse(qs(e.what()));
  }
  SessionCommand* command =
      replaced.empty()
          ? static_cast<SessionCommand*>(new AddSpanCommand(*this, current_->id, span, what))
          : new AcceptSuggestionCommand(*this, current_->id, suggestions_->model(), replaced, span,
                                        what);
  if (!push(command)) return false;
  emit message(tr("Saved: %1 %2").arg(qs(span.label), quotedSpan(current_->doc, span)));
  return true;
}

bool AnnotationSession::removeSpan(const text::Span& span) {
  if (!current_) return refuse(tr("Open a document first."));
  const QString what = tr("Remove %1 %2").arg(qs(span.label), quotedSpan(current_->doc, span));
  if (!push(new RemoveSpanCommand(*this, current_->id, span, what))) return false;
  emit message(tr("Saved: removed %1 %2").arg(qs(span.label), quotedSpan(current_->doc, span)));
  return true;
}

bool AnnotationSession::relabelSpan(const text::Span& span, const std::string& newLabel) {
  if (!current_) return refuse(tr("Open a document first."));
  if (!label(newLabel)) return refuse(tr("There is no label %1.").arg(qs(newLabel)));
  const QString what =
      tr("Relabel %1 %2 as %3").arg(qs(span.label), quotedSpan(current_->doc, span), qs(newLabel));
  if (!push(new ChangeLabelCommand(*this, current_->id, span, newLabel, what))) return false;
  emit message(tr("Saved: %1 is now %2").arg(quotedSpan(current_->doc, span), qs(newLabel)));
  return true;
}

bool AnnotationSession::labelAllOccurrences(const text::Span& span, bool ignoreCase) {
  if (!current_) return refuse(tr("Open a document first."));
  const text::Document& doc = current_->doc;
  if (std::find(doc.spans.begin(), doc.spans.end(), span) == doc.spans.end())
    return refuse(tr("Select a labelled span first: click it, or press Tab."));
  if (!label(span.label)) return refuse(tr("There is no label %1.").arg(qs(span.label)));
  using Finder = text::OccurrenceFinder;
  const text::Occurrences found =
      Finder(Finder::tokensOf(doc), ignoreCase ? Finder::Case::Ignore : Finder::Case::Exact)
          .find(span, doc.spans);
  const QString words = quotedSpan(doc, span);
  if (!found.onTokens)
    return refuse(tr("%1 does not start and end on token boundaries, so it has no occurrences "
                     "to label: only spans of whole tokens are looked for.")
                      .arg(words));
  const QString how = ignoreCase ? tr(", ignoring case") : QString();
  const QString skipped = notLabelled(found);
  const int n = static_cast<int>(found.added.size());
  if (n == 0) {
    emit message(skipped.isEmpty()
                     ? tr("No other occurrence of %1 in this document%2.").arg(words, how)
                     : tr("No other occurrence of %1 to label%2 (%3).").arg(words, how, skipped));
    return true;
  }
  // Suggestions under the new spans give way to them, as in addSpan.
  std::vector<text::ScoredSpan> replaced;
  try {
    replaced = suggestions_->under(current_->id, found.added);
  } catch (const std::exception& e) {
    return refuse(qs(e.what()));
  }
  const QString what = n == 1 ? tr("Label 1 more occurrence of %1 as %2").arg(words, qs(span.label))
                              : tr("Label %1 more occurrences of %2 as %3")
                                    .arg(QString::number(n), words, qs(span.label));
  if (!push(new LabelOccurrencesCommand(*this, current_->id, found.added, suggestions_->model(),
                                        replaced, what)))
    return false;
  const QString done =
      n == 1 ? tr("Labelled 1 more occurrence of %1 as %2%3").arg(words, qs(span.label), how)
             : tr("Labelled %1 more occurrences of %2 as %3%4")
                   .arg(QString::number(n), words, qs(span.label), how);
  emit message(skipped.isEmpty() ? done : tr("%1 (%2)").arg(done, skipped));
  return true;
}

bool AnnotationSession::setStatus(text::DocStatus status) {
  if (!current_) return refuse(tr("Open a document first."));
  const text::DocStatus from = current_->doc.status;
  if (from == status) return true;
  const QString what =
      tr("Mark document %1 %2").arg(current_->id).arg(DocStatusStyle::name(status).toLower());
  if (!push(new SetStatusCommand(*this, current_->id, from, status, what))) return false;
  emit message(
      tr("Saved: document %1 is %2").arg(current_->id).arg(DocStatusStyle::name(status).toLower()));
  return true;
}

bool AnnotationSession::applyFixes(const project::FixPlan& plan) {
  if (plan.empty()) return true;
  if (!push(new FixDataCommand(*this, plan, tr("Fix data")))) return false;
  emit message(tr("Fixed %n document(s): %1", nullptr, static_cast<int>(plan.documents.size()))
                   .arg(qs(plan.summary())));
  return true;
}

bool AnnotationSession::addLabel(const std::string& name, const std::string& color,
                                 const std::string& hotkey) {
  return push(new AddLabelCommand(*this, name, color, hotkey, tr("Add label %1").arg(qs(name))));
}

bool AnnotationSession::renameLabel(const std::string& name, const std::string& newName) {
  if (name == newName) return true;
  return push(new RenameLabelCommand(*this, name, newName,
                                     tr("Rename label %1 to %2").arg(qs(name), qs(newName))));
}

bool AnnotationSession::setLabelColor(const std::string& name, const std::string& color) {
  const auto l = label(name);
  if (!l) return refuse(tr("There is no label %1.").arg(qs(name)));
  if (l->color == color) return true;
  return push(
      new RecolorLabelCommand(*this, name, l->color, color, tr("Recolour label %1").arg(qs(name))));
}

bool AnnotationSession::setLabelHotkey(const std::string& name, const std::string& hotkey) {
  const auto l = label(name);
  if (!l) return refuse(tr("There is no label %1.").arg(qs(name)));
  std::string key = hotkey;
  std::transform(key.begin(), key.end(), key.begin(),
                 [](unsigned char c) { return std::tolower(c); });
  if (l->hotkey == key) return true;
  return push(new LabelHotkeyCommand(*this, name, l->hotkey, key,
                                     tr("Set the hotkey of label %1").arg(qs(name))));
}

bool AnnotationSession::removeLabel(const std::string& name) {
  if (!label(name)) return refuse(tr("There is no label %1.").arg(qs(name)));
  return push(new DeleteLabelCommand(*this, name, tr("Delete label %1").arg(qs(name))));
}

std::optional<store::StoredDocument> AnnotationSession::document(int64_t id) {
  if (current_ && current_->id == id) return *current_;
  return project_.documents().get(id);
}

void AnnotationSession::setSuggestionModel(int64_t modelId) { suggestions_->setModel(modelId); }
int64_t AnnotationSession::suggestionModel() const { return suggestions_->model(); }
void AnnotationSession::setCombineRule(active::CombineRule rule) { suggestions_->setRule(rule); }
active::CombineRule AnnotationSession::combineRule() const { return suggestions_->rule(); }

std::vector<text::ScoredSpan> AnnotationSession::suggestionsOf(int64_t id) {
  return suggestions_->of(id);
}

bool AnnotationSession::matchPatterns(int64_t id) {
  try {
    suggestions_->matchPatterns(id);
    const auto& overruns = suggestions_->patternOverruns();
    if (!overruns.empty())
      notify(tr("Pattern suggestions are incomplete: %1").arg(qs(overruns[0])));
    return true;
  } catch (const std::exception& e) {
    return refuse(tr("Cannot match the pattern sets: %1").arg(qs(e.what())));
  }
}

void AnnotationSession::patternSetsChanged() { suggestions_->patternSetsChanged(); }

bool AnnotationSession::acceptSuggestion(int64_t id, const text::ScoredSpan& suggestion,
                                         const text::Span& gold) {
  return suggestions_->accept(id, suggestion, gold);
}

bool AnnotationSession::rejectSuggestion(int64_t id, const text::ScoredSpan& suggestion) {
  return suggestions_->reject(id, suggestion);
}

bool AnnotationSession::acceptAllSuggestions(int64_t id) { return suggestions_->acceptAll(id); }

std::vector<text::Span> AnnotationSession::spansOf(int64_t id) {
  if (current_ && current_->id == id) return current_->doc.spans;
  const auto stored = project_.documents().get(id);
  if (!stored) throw store::StoreError("Document " + std::to_string(id) + " no longer exists.");
  return stored->doc.spans;
}

text::DocStatus AnnotationSession::statusOf(int64_t id) {
  if (current_ && current_->id == id) return current_->doc.status;
  const auto stored = project_.documents().get(id);
  if (!stored) throw store::StoreError("Document " + std::to_string(id) + " no longer exists.");
  return stored->doc.status;
}

void AnnotationSession::countSpans(const std::vector<text::Span>& spans, int sign) {
  for (const text::Span& s : spans) spanCounts_[s.label] += sign;
}

void AnnotationSession::writeSpans(int64_t id, const std::vector<text::Span>& spans,
                                   const store::SpanDecisions& decided) {
  const std::vector<text::Span> before = spansOf(id);
  if (decided.spans.empty()) {
    project_.documents().setSpans(id, spans);  // one transaction; validates
  } else {
    project_.setSpansAndPredictions(id, spans, 0, {}, {}, decided);  // one transaction
  }
  spansWritten(id, before, spans);
  if (!decided.spans.empty()) emit predictionsChanged(id);  // what may be suggested changed
}

std::vector<text::ScoredSpan> AnnotationSession::predictionsOf(int64_t id, int64_t model) {
  return project_.predictions().get(id, model);
}

void AnnotationSession::writeSuggestions(int64_t id,
                                         const std::optional<std::vector<text::Span>>& spans,
                                         int64_t model,
                                         const std::vector<text::ScoredSpan>& predictions,
                                         const store::ProjectStore::MatchStates& matches,
                                         const store::SpanDecisions& decided) {
  const std::vector<text::Span> before = spans ? spansOf(id) : std::vector<text::Span>{};
  project_.setSpansAndPredictions(id, spans, model, predictions, matches,
                                  decided);  // one transaction
  if (spans) spansWritten(id, before, *spans);
  emit predictionsChanged(id);
}

void AnnotationSession::spansWritten(int64_t id, const std::vector<text::Span>& before,
                                     const std::vector<text::Span>& spans) {
  countSpans(before, -1);
  countSpans(spans, +1);
  // What was labelled is suggested elsewhere from now on; a failure here
  // costs suggestions, never the edit, which is already saved.
  bool learned = false;
  try {
    if (const auto d = document(id)) learned = suggestions_->learn(d->doc, before, spans);
  } catch (const std::exception& e) {
    emit message(tr("Cannot remember the labelled strings: %1").arg(qs(e.what())));
  }
  if (current_ && current_->id == id) {
    current_->doc.spans = spans;
    std::sort(current_->doc.spans.begin(), current_->doc.spans.end());
    emit documentChanged(*current_);
  }
  emit documentWritten(id);
  emit countsChanged();
  if (learned) emit stringsLearned(id);
}

void AnnotationSession::writeStatus(int64_t id, text::DocStatus status) {
  project_.documents().setStatus(id, status);
  statusCounts_ = project_.documents().countByStatus();  // kept by the store: O(1)
  if (current_ && current_->id == id) {
    current_->doc.status = status;
    emit documentChanged(*current_);
  }
  emit documentWritten(id);
  emit countsChanged();
}

void AnnotationSession::labelsWritten() {
  labels_ = project_.labels().all();
  spanCounts_ = project_.documents().spanCountByLabel();
  if (current_) {
    // A rename or a delete changes the open document's spans too.
    if (auto stored = project_.documents().get(current_->id))
      current_->doc.spans = stored->doc.spans;
  }
  emit labelsChanged();
  emit countsChanged();
  if (current_) emit documentChanged(*current_);
}

void AnnotationSession::documentsWritten(const std::vector<int64_t>& ids) {
  statusCounts_ = project_.documents().countByStatus();
  spanCounts_ = project_.documents().spanCountByLabel();
  const bool current = current_ && std::find(ids.begin(), ids.end(), current_->id) != ids.end();
  if (current) {
    if (auto stored = project_.documents().get(current_->id)) *current_ = std::move(*stored);
  }
  for (int64_t id : ids) emit documentWritten(id);
  emit countsChanged();
  if (current) emit documentChanged(*current_);
}

void AnnotationSession::reveal(int64_t id) {
  if (currentId() != id) emit revealRequested(id);
}

}  // namespace spanforge::ui
