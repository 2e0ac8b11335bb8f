#pragma once

#include "store/database.h"
#include "store/decisionrepository.h"
#include "store/documentrepository.h"
#include "store/labelrepository.h"
#include "store/patternrepository.h"
#include "store/predictionrepository.h"
#include "store/records.h"
#include "store/runrepository.h"
#include "text/span.h"

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace spanforge::store {

// One project = one SQLite file (WAL, foreign keys on, schema version in
// PRAGMA user_version). A ProjectStore is one connection: use it from one thread;
// background work opens its own ProjectStore on the same path.
class ProjectStore {
 public:
  // Creates a new, empty project file; throws StoreError if it exists.
  static std::unique_ptr<ProjectStore> create(const std::string& path);
  // ReadOnly: the caller only reads, so a read-only file or folder is no
  // obstacle (the project is then opened without writing anything to it).
  enum class Access { ReadWrite, ReadOnly };
  // Opens an existing project, migrating it forward; throws StoreError for a
  // missing or empty file, a file that is not a project, one from a newer
  // version, one whose schema holds triggers, views, tables or indexes our
  // migrations did not make (store::SchemaCheck: refused before anything is
  // written or run), or (ReadWrite) a file or folder that cannot be written.
  static std::unique_ptr<ProjectStore> open(const std::string& path,
                                            Access access = Access::ReadWrite);
  ~ProjectStore();

  const std::string& path() const { return path_; }
  int schemaVersion() const;
  // Bounds each SQLite call on this connection (Database::setStatementTimeLimit);
  // the GUI's own connection uses Database::kInteractiveTimeLimit so that no
  // file can freeze it. Zero: no limit (the default; long imports are legitimate).
  void setStatementTimeLimit(std::chrono::milliseconds limit);
  static constexpr std::chrono::milliseconds kInteractiveTimeLimit =
      Database::kInteractiveTimeLimit;

  Database& db() { return *db_; }
  LabelRepository& labels() { return *labels_; }
  DocumentRepository& documents() { return *documents_; }
  PredictionRepository& predictions() { return *predictions_; }
  PatternRepository& patterns() { return *patterns_; }
  RunRepository& runs() { return *runs_; }
  DecisionRepository& decisions() { return *decisions_; }

  // Writes that span repositories, each one transaction: a failure leaves
  // the project as it was. They throw StoreError as the repositories do.

  // Replaces one model's predictions of a document (none when modelId is 0),
  // sets the state of its pattern matches in `matchStates` and, unless `gold`
  // is nullopt, its gold spans (validated as setSpans does): accepting a
  // suggestion moves it into gold at once. A match that is not there throws.
  // `decided` records (or, with reject false, takes back) that spans are not
  // entities (DecisionRepository), in the same transaction.
  using MatchStates = std::vector<std::pair<PatternMatchRecord, MatchState>>;
  using Decisions = SpanDecisions;
  void setSpansAndPredictions(int64_t documentId,
                              const std::optional<std::vector<text::Span>>& gold, int64_t modelId,
                              const std::vector<text::ScoredSpan>& predictions,
                              const MatchStates& matchStates = {}, const Decisions& decided = {});

  // A deleted label and the gold spans it took along: enough to restore both.
  struct RemovedLabel {
    Label label;
    // Per document (by id) the spans of the label it had.
    std::vector<std::pair<int64_t, std::vector<text::Span>>> spans;
    int64_t spanCount = 0;
  };
  // Deletes the label with its gold spans and predictions and returns what
  // went; throws StoreError when there is no label of that name.
  RemovedLabel removeLabel(const std::string& name);
  // Creates the label again (same name, colour and hotkey, also none) and
  // puts its spans back into the documents that still exist. Predictions
  // are not restored.
  Label restoreLabel(const RemovedLabel& removed);

 private:
  ProjectStore(std::string path, std::unique_ptr<Database> db);
  static std::unique_ptr<ProjectStore> openReadOnly(const std::string& path);

  std::string path_;
  std::unique_ptr<Database> db_;
  std::unique_ptr<LabelRepository> labels_;
  std::unique_ptr<DocumentRepository> documents_;
  std::unique_ptr<PredictionRepository> predictions_;
  std::unique_ptr<PatternRepository> patterns_;
  std::unique_ptr<RunRepository> runs_;
  std::unique_ptr<DecisionRepository> decisions_;
};

}  // namespace spanforge::store
