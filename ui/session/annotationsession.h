#pragma once

#include "active/suggestioncombiner.h"
#include "store/patternrepository.h"
#include "store/records.h"
#include "text/document.h"

#include <QObject>
#include <QString>

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

class QUndoStack;

namespace spanforge::store {
class ProjectStore;
}

namespace spanforge::project {
struct FixPlan;
}

namespace spanforge::ui {

class SessionCommand;
class SuggestionActions;

// Everything a person changes in an open project goes through here: span and
// status edits on documents, and label edits. Each action is one undoable
// command on the session's QUndoStack and is written to the store at once in
// one transaction, so killing the process never loses what was shown.
// Undoing a change to another document first switches to that document.
//
// The session keeps the open document and the label list, and tells the views
// what changed through signals; it never touches a widget.
class AnnotationSession : public QObject {
  Q_OBJECT

 public:
  explicit AnnotationSession(store::ProjectStore& project, QObject* parent = nullptr);
  ~AnnotationSession() override;

  store::ProjectStore& project() { return project_; }
  QUndoStack* undoStack() const { return undo_; }

  const std::vector<store::Label>& labels() const { return labels_; }
  std::optional<store::Label> label(const std::string& name) const;
  const std::map<text::DocStatus, int64_t>& statusCounts() const { return statusCounts_; }
  const std::map<std::string, int64_t>& spanCounts() const { return spanCounts_; }

  // The open document (nullptr when none).
  const store::StoredDocument* current() const { return current_.get(); }
  int64_t currentId() const { return current_ ? current_->id : 0; }
  // Reads and shows a document; false (and a message) when it is gone.
  bool open(int64_t id);
  void close();

  // User actions. Each returns false, with lastError() and message(), when the
  // store or a rule refuses it (then nothing changed).
  bool addSpan(const text::Span& span);
  bool removeSpan(const text::Span& span);
  bool relabelSpan(const text::Span& span, const std::string& label);
  // Labels every other occurrence of a gold span's tokens in the open
  // document with its label (text::OccurrenceFinder; ignoreCase: case
  // folded), leaving those that overlap a gold span alone; suggestions under
  // the new spans give way as in addSpan. One undo step; the message says how
  // many. Finding none is no error: true, and a message that says so.
  bool labelAllOccurrences(const text::Span& span, bool ignoreCase);
  bool setStatus(text::DocStatus status);
  bool addLabel(const std::string& name, const std::string& color = {},
                const std::string& hotkey = {});
  bool renameLabel(const std::string& name, const std::string& newName);
  bool setLabelColor(const std::string& name, const std::string& color);
  bool setLabelHotkey(const std::string& name, const std::string& hotkey);
  bool removeLabel(const std::string& name);
  // The data checks' fixes (project::DataFixes::plan), as one undo step.
  bool applyFixes(const project::FixPlan& plan);
  QString lastError() const { return lastError_; }

  // Suggestions: the suggestion model's predictions (the project's current
  // model; 0 = none) and open pattern matches, joined by the combine rule,
  // kept apart from gold (SuggestionActions). Accepting one makes `gold`
  // (its span, or an edit of its label or boundaries) a gold span and
  // removes the suggestion and any other the gold span overlaps (a pattern
  // match is marked accepted, or rejected when edited); rejecting removes it,
  // so it does not come back; accepting all takes exactly the suggestions the
  // editor shows. A gold span added over suggestions (addSpan) replaces them
  // the same way. Each is one undoable transaction.
  void setSuggestionModel(int64_t modelId);
  int64_t suggestionModel() const;
  void setCombineRule(active::CombineRule rule);
  active::CombineRule combineRule() const;
  // The document's suggestions by the rule; throws store errors.
  std::vector<text::ScoredSpan> suggestionsOf(int64_t id);
  // Matches an unlabelled document with the pattern sets again (as it
  // opens, or after a string was learned); false and a message on a store error.
  bool matchPatterns(int64_t id);
  // A pattern set was imported, switched or removed.
  void patternSetsChanged();
  bool acceptSuggestion(int64_t document, const text::ScoredSpan& suggestion,
                        const text::Span& gold);
  bool rejectSuggestion(int64_t document, const text::ScoredSpan& suggestion);
  bool acceptAllSuggestions(int64_t document);

  // Reads labels and counts again after a change made elsewhere (an import).
  void reload();

  // For the commands: store access that keeps this session's view of the
  // project (open document, counts) current. These throw store errors.
  std::vector<text::Span> spansOf(int64_t id);
  // `decided`: spans a person decided are not entities (or takes that back),
  // in the same transaction.
  void writeSpans(int64_t id, const std::vector<text::Span>& spans,
                  const store::SpanDecisions& decided = {});
  text::DocStatus statusOf(int64_t id);
  void writeStatus(int64_t id, text::DocStatus status);
  std::vector<text::ScoredSpan> predictionsOf(int64_t id, int64_t model);
  // One model's predictions for a document and, unless nullopt, its gold
  // spans, in one transaction.
  void writeSuggestions(
      int64_t id, const std::optional<std::vector<text::Span>>& spans, int64_t model,
      const std::vector<text::ScoredSpan>& predictions,
      const std::vector<std::pair<store::PatternMatchRecord, store::MatchState>>& matches = {},
      const store::SpanDecisions& decided = {});
  // After a command changed labels: reloads them, the counts and the open
  // document's spans.
  void labelsWritten();
  // After a command changed these documents in one core transaction: reads
  // the counts and the open document again and tells the views.
  void documentsWritten(const std::vector<int64_t>& ids);
  // Shows the document a command is about to change.
  void reveal(int64_t id);
  void commandFailed(const QString& what, const std::exception& e);
  void notify(const QString& text) { emit message(text); }

 signals:
  void documentOpened(const spanforge::store::StoredDocument& doc);
  // Spans or status of the open document changed.
  void documentChanged(const spanforge::store::StoredDocument& doc);
  // Any document was written (for list rows).
  void documentWritten(qint64 id);
  // A document's predictions changed (a suggestion accepted or rejected).
  void predictionsChanged(qint64 id);
  void labelsChanged();
  void countsChanged();
  void message(const QString& text);
  // Labelling taught the learned set a new string (in document `id`): its
  // other occurrences are suggestions from now on.
  void stringsLearned(qint64 id);
  // A command needs the document shown; the window selects it.
  void revealRequested(qint64 id);

 private:
  friend class SuggestionActions;  // pushes its commands, refuses with lastError()
  bool push(SessionCommand* command);
  bool refuse(const QString& message);
  void countSpans(const std::vector<text::Span>& spans, int sign);
  void spansWritten(int64_t id, const std::vector<text::Span>& before,
                    const std::vector<text::Span>& spans);
  std::optional<store::StoredDocument> document(int64_t id);

  store::ProjectStore& project_;
  QUndoStack* undo_;
  std::vector<store::Label> labels_;
  std::map<text::DocStatus, int64_t> statusCounts_;
  std::map<std::string, int64_t> spanCounts_;
  std::unique_ptr<store::StoredDocument> current_;
  QString lastError_;
  std::unique_ptr<SuggestionActions> suggestions_;
};

}  // namespace spanforge::ui
