#pragma once

#include "active/suggestioncombiner.h"
#include "common/jobtracker.h"
#include "store/records.h"
#include "text/span.h"

#include <QMap>
#include <QObject>
#include <QPointer>

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <utility>
#include <vector>

namespace spanforge::ui {

class AnnotationSession;
class ModelTrust;
class PredictionWorker;
class SpanEditor;
class WorkerThread;
struct PredictOutcome;

// Shows the current model's predictions and the open pattern matches as
// suggestions in the span editor, joined by the combine rule, and turns the
// editor's accept / reject requests into session commands. Pattern matches
// show with no model at all: they are how a new project starts.
//
// When a document opens, its stored predictions of the current model are
// shown. An unlabelled document without any is predicted in the background
// by a PredictionWorker, unless this model predicted it before (the store
// records that, PredictionRepository::predicted, so suggestions that were
// all rejected stay gone after a restart) or was asked to in this session.
// predictThis() predicts the open document again on request. Results
// of an older request (another document, another model) are dropped by job
// id.
class SuggestionController : public QObject {
  Q_OBJECT

 public:
  explicit SuggestionController(SpanEditor* editor, QObject* parent = nullptr);
  ~SuggestionController() override;

  // nullptr: no project open.
  void setSession(AnnotationSession* session);
  // Asked before the project's current model is used (nullptr: never asked).
  void setTrust(ModelTrust* trust) { trust_ = trust; }
  const std::optional<store::ModelRecord>& model() const { return model_; }
  bool predicting() const { return jobs_.isRunning(); }
  // The suggestions of the open document, as stored.
  const std::vector<text::ScoredSpan>& suggestions() const { return suggestions_; }
  // Accept, as they first appear in an unlabelled document, the suggestions
  // the editor shows that are scored at least `threshold` (nullopt: off).
  void setAutoAccept(std::optional<double> threshold) { autoAccept_ = threshold; }
  // How model suggestions and pattern matches share a document.
  void setCombineRule(active::CombineRule rule);
  active::CombineRule combineRule() const { return rule_; }
  std::optional<double> autoAccept() const { return autoAccept_; }

 public slots:
  // Reads the project's current model again (after "Use this model").
  void reloadModel();
  // Predicts the open document again with the current model.
  void predictThis();
  void acceptAll();
  // Reads the open document's suggestions again (after a ranking stored new ones).
  void refresh() { showSuggestions(); }
  // The pattern sets changed (the Patterns dialog): match the open document again.
  void patternsChanged();

 signals:
  void modelChanged();
  void busyChanged(bool busy);
  // The open document's suggestions were read again.
  void suggestionsChanged();
  void message(const QString& text);

 private:
  void documentOpened(int64_t id, bool unlabelled);
  void showSuggestions();
  void describePatterns();
  // Accepts the shown suggestions at or above autoAccept_; how many.
  int acceptAboveThreshold();
  bool wasPredicted(int64_t document);
  void predict(int64_t document);
  void finished(const PredictOutcome& outcome);
  void ensureWorker();

  SpanEditor* editor_;
  ModelTrust* trust_ = nullptr;
  QPointer<AnnotationSession> session_;
  std::optional<store::ModelRecord> model_;
  std::vector<text::ScoredSpan> suggestions_;
  std::set<std::pair<int64_t, int64_t>> predicted_;  // (model, document) asked this session
  PredictionWorker* worker_ = nullptr;
  std::unique_ptr<WorkerThread> thread_;
  JobTracker jobs_;             // the latest request: it supersedes any older one
  bool packageFailed_ = false;  // predicting failed: only predictThis() tries again
  std::optional<double> autoAccept_;
  std::set<std::pair<int64_t, int64_t>> autoAccepted_;  // (model, document) done
  bool autoAccepting_ = false;  // accepting re-reads the suggestions: no recursion
  active::CombineRule rule_ = active::CombineRule::ModelFirst;
  QMap<qint64, QString> patternNames_;  // pattern id: "pattern set “X”, line N"
};

}  // namespace spanforge::ui
