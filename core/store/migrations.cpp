#include "store/migrations.h"

#include "store/database.h"
#include "store/quotedpath.h"
#include "store/storeerror.h"

namespace spanforge::store {
namespace {

// Version 1: the first schema.
//
// - documents.tokens: little-endian int32 (start, end) code-point pairs, NULL
//   until tokenized. content_hash is hex XXH3-128 of the text (duplicates).
// - status_counts keeps countByStatus O(1): triggers adjust it on insert,
//   delete and status change.
// - documents_fts is an external-content FTS5 trigram index over the text
//   (columnsize=0: no per-row sizes, which only ranking would need).
//   Triggers only queue new texts in fts_queue; the queue is indexed in one
//   statement just before the outermost transaction commits. FTS5 flushes its
//   pending index at every SAVEPOINT, so indexing row by row inside an
//   import's nested savepoints made imports five times slower.
// - spans and predictions are clustered by document (WITHOUT ROWID).
void createSchemaV1(Database& db) {
  db.exec(R"sql(
CREATE TABLE labels (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE CHECK (length(name) > 0),
  color TEXT NOT NULL,
  hotkey TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX labels_hotkey ON labels(hotkey) WHERE hotkey <> '';

CREATE TABLE documents (
  id INTEGER PRIMARY KEY,
  text TEXT NOT NULL,
  tokens BLOB,
  content_hash TEXT NOT NULL UNIQUE,
  source TEXT NOT NULL DEFAULT '',
  meta TEXT NOT NULL DEFAULT '{}',
  split INTEGER NOT NULL DEFAULT 0 CHECK (split BETWEEN 0 AND 3),
  status INTEGER NOT NULL DEFAULT 0 CHECK (status BETWEEN 0 AND 3),
  annotator TEXT NOT NULL DEFAULT '',
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
-- Every index ends with the rowid, so these serve "status = ? AND id > ?
-- ORDER BY id" keyset pages directly.
CREATE INDEX documents_status ON documents(status);
CREATE INDEX documents_split ON documents(split);

CREATE TABLE status_counts (
  status INTEGER PRIMARY KEY,
  n INTEGER NOT NULL
);
INSERT INTO status_counts(status, n) VALUES (0, 0), (1, 0), (2, 0), (3, 0);

CREATE TABLE spans (
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  start INTEGER NOT NULL,
  "end" INTEGER NOT NULL,
  label_id INTEGER NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
  PRIMARY KEY (document_id, start),
  CHECK (start >= 0 AND start < "end")
) WITHOUT ROWID;
CREATE INDEX spans_label ON spans(label_id, document_id);

CREATE TABLE models (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  path TEXT NOT NULL,
  labels TEXT NOT NULL DEFAULT '[]',
  metrics TEXT NOT NULL DEFAULT '{}',
  created_at INTEGER NOT NULL,
  is_current INTEGER NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX models_current ON models(is_current) WHERE is_current = 1;

CREATE TABLE runs (
  id INTEGER PRIMARY KEY,
  model_id INTEGER REFERENCES models(id) ON DELETE SET NULL,
  config TEXT NOT NULL,
  device TEXT NOT NULL,
  state INTEGER NOT NULL DEFAULT 0,
  message TEXT NOT NULL DEFAULT '',
  started_at INTEGER NOT NULL,
  finished_at INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX runs_model ON runs(model_id);

-- REAL columns are nullable: SQLite stores NaN (a diverged loss) as NULL.
-- precision/recall/f1/per_label are NULL when the event has no dev scores.
CREATE TABLE metric_events (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  step INTEGER NOT NULL,
  epoch INTEGER NOT NULL,
  loss REAL,
  elapsed_seconds REAL,
  words_per_second REAL,
  memory_bytes INTEGER NOT NULL DEFAULT 0,
  memory_peak_bytes INTEGER NOT NULL DEFAULT 0,
  precision REAL,
  recall REAL,
  f1 REAL,
  per_label TEXT
);
CREATE INDEX metric_events_run ON metric_events(run_id, id);

CREATE TABLE predictions (
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  model_id INTEGER NOT NULL REFERENCES models(id) ON DELETE CASCADE,
  start INTEGER NOT NULL,
  "end" INTEGER NOT NULL,
  label_id INTEGER NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
  score REAL NOT NULL,
  PRIMARY KEY (document_id, model_id, start, "end", label_id),
  CHECK (start >= 0 AND start < "end")
) WITHOUT ROWID;
CREATE INDEX predictions_model ON predictions(model_id, score);
CREATE INDEX predictions_label ON predictions(label_id);

CREATE VIRTUAL TABLE documents_fts USING fts5(
  text, content='documents', content_rowid='id', tokenize='trigram', columnsize=0);
CREATE TABLE fts_queue (id INTEGER PRIMARY KEY);

CREATE TRIGGER documents_inserted AFTER INSERT ON documents BEGIN
  UPDATE status_counts SET n = n + 1 WHERE status = new.status;
  INSERT INTO fts_queue(id) VALUES (new.id);
END;
-- An external-content FTS5 'delete' must be given exactly the indexed text,
-- and only for rows that were indexed (not still queued).
CREATE TRIGGER documents_deleted AFTER DELETE ON documents BEGIN
  UPDATE status_counts SET n = n - 1 WHERE status = old.status;
  INSERT INTO documents_fts(documents_fts, rowid, text)
    SELECT 'delete', old.id, old.text
    WHERE NOT EXISTS (SELECT 1 FROM fts_queue WHERE id = old.id);
  DELETE FROM fts_queue WHERE id = old.id;
END;
CREATE TRIGGER documents_status_changed AFTER UPDATE OF status ON documents
WHEN old.status <> new.status BEGIN
  UPDATE status_counts SET n = n - 1 WHERE status = old.status;
  UPDATE status_counts SET n = n + 1 WHERE status = new.status;
END;
CREATE TRIGGER documents_text_changed AFTER UPDATE OF text ON documents
WHEN old.text IS NOT new.text BEGIN
  INSERT INTO documents_fts(documents_fts, rowid, text)
    SELECT 'delete', old.id, old.text
    WHERE NOT EXISTS (SELECT 1 FROM fts_queue WHERE id = old.id);
  INSERT OR IGNORE INTO fts_queue(id) VALUES (new.id);
END;
)sql");
}

// Version 2: pool rankings for active learning.
//
// - ranking_runs: one ranking of the unlabelled pool per (model, strategy),
//   replaced as a whole when the pool is ranked again.
// - rankings: its documents. Paged in rank order (primary key); the unique
//   (model, strategy, document) key answers "where is this document ranked".
//   Deleting a model, a ranking run or a document deletes its rows; ranks
//   then have gaps, which keyset paging by rank does not mind.
void createSchemaV2(Database& db) {
  db.exec(R"sql(
CREATE TABLE ranking_runs (
  model_id INTEGER NOT NULL REFERENCES models(id) ON DELETE CASCADE,
  strategy TEXT NOT NULL CHECK (length(strategy) > 0),
  created_at INTEGER NOT NULL,
  PRIMARY KEY (model_id, strategy)
) WITHOUT ROWID;

CREATE TABLE rankings (
  model_id INTEGER NOT NULL,
  strategy TEXT NOT NULL,
  rank INTEGER NOT NULL CHECK (rank >= 1),
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  score REAL NOT NULL,
  PRIMARY KEY (model_id, strategy, rank),
  UNIQUE (model_id, strategy, document_id),
  FOREIGN KEY (model_id, strategy) REFERENCES ranking_runs(model_id, strategy)
    ON DELETE CASCADE
) WITHOUT ROWID;
CREATE INDEX rankings_document ON rankings(document_id);
)sql");
}

// Version 3: durable rejection of suggestions.
//
// - prediction_runs: that a model predicted a document, kept when all its
//   predictions are rejected (deleted), so "all rejected" differs from "never
//   predicted" and the document is not predicted again on the next open.
//   Backfilled from what v2 can tell: stored predictions, and rankings (a
//   ranking predicted every document it ranked).
void createSchemaV3(Database& db) {
  db.exec(R"sql(
CREATE TABLE prediction_runs (
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  model_id INTEGER NOT NULL REFERENCES models(id) ON DELETE CASCADE,
  PRIMARY KEY (document_id, model_id)
) WITHOUT ROWID;
CREATE INDEX prediction_runs_model ON prediction_runs(model_id);
INSERT OR IGNORE INTO prediction_runs(document_id, model_id)
  SELECT DISTINCT document_id, model_id FROM predictions;
INSERT OR IGNORE INTO prediction_runs(document_id, model_id)
  SELECT document_id, model_id FROM rankings;
)sql");
}

// Version 4: a run remembers the process training it, so that a run whose
//   process was killed can be closed as failed instead of "running" for ever.
void createSchemaV4(Database& db) { db.exec("ALTER TABLE runs ADD COLUMN pid INTEGER"); }

// Version 5: what a run trained: "train" (an NER model) or "pretrain"
//   (pretrained weights, no model); older runs were all "train".
void createSchemaV5(Database& db) {
  db.exec("ALTER TABLE runs ADD COLUMN kind TEXT NOT NULL DEFAULT 'train'");
}

// Version 6: pattern sets (spaCy/Prodigy patterns files, term lists) and their
//   matches as suggestions, apart from the model's: each pattern keeps its
//   line as written (the file is the truth; it is parsed again when used), and
//   each match whether it is open, accepted or rejected, so a pattern's
//   precision can be read and a rejected match never comes back.
void createSchemaV6(Database& db) {
  db.exec(R"sql(
CREATE TABLE pattern_sets (
  id INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('patterns', 'terms')),
  case_fold INTEGER NOT NULL DEFAULT 0 CHECK (case_fold IN (0, 1)),
  term_label TEXT,
  enabled INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
  created_at INTEGER NOT NULL
);
CREATE TABLE patterns (
  id INTEGER PRIMARY KEY,
  set_id INTEGER NOT NULL REFERENCES pattern_sets(id) ON DELETE CASCADE,
  line INTEGER NOT NULL,
  label TEXT NOT NULL,
  source TEXT NOT NULL,
  UNIQUE (set_id, line)
);
CREATE TABLE pattern_matches (
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  pattern_id INTEGER NOT NULL REFERENCES patterns(id) ON DELETE CASCADE,
  start INTEGER NOT NULL,
  "end" INTEGER NOT NULL,
  state INTEGER NOT NULL DEFAULT 0 CHECK (state IN (0, 1, 2)),
  PRIMARY KEY (document_id, pattern_id, start, "end"),
  CHECK (start >= 0 AND start < "end")
) WITHOUT ROWID;
CREATE INDEX pattern_matches_pattern ON pattern_matches(pattern_id, state);
)sql");
}

// Version 7: the dev documents a training run held out, by id, so that its
//   model is scored on exactly them later whatever is labelled since (a draw
//   made again over a grown pool put training documents into dev). Runs from
//   before have none: their dev set is drawn again, and said so.
// - rejected_spans: a person's decision that a span of a label is not an
//   entity (a suggestion rejected, a gold span deleted), which every later
//   suggestion of it respects until it is undone.
void createSchemaV7(Database& db) {
  db.exec(R"sql(
CREATE TABLE rejected_spans (
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  start INTEGER NOT NULL,
  "end" INTEGER NOT NULL,
  label_id INTEGER NOT NULL REFERENCES labels(id) ON DELETE CASCADE,
  PRIMARY KEY (document_id, start, "end", label_id),
  CHECK (start >= 0 AND start < "end")
) WITHOUT ROWID;
CREATE INDEX rejected_spans_label ON rejected_spans(label_id);
CREATE TABLE run_dev_documents (
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  document_id INTEGER NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  PRIMARY KEY (run_id, document_id)
) WITHOUT ROWID;
CREATE INDEX run_dev_documents_document ON run_dev_documents(document_id);
)sql");
}

int64_t pragmaInt(Database& db, const char* sql) {
  Statement st = db.prepare(sql);
  return st.step() ? st.columnInt64(0) : 0;
}

// Restores foreign key enforcement when a migration ends, however it ends.
class ForeignKeysOff {
 public:
  explicit ForeignKeysOff(Database& db) : db_(db) { db_.exec("PRAGMA foreign_keys = OFF"); }
  ~ForeignKeysOff() {
    try {
      db_.exec("PRAGMA foreign_keys = ON");
    } catch (...) {
    }
  }
  ForeignKeysOff(const ForeignKeysOff&) = delete;
  ForeignKeysOff& operator=(const ForeignKeysOff&) = delete;

 private:
  Database& db_;
};

}  // namespace

const std::vector<MigrationStep>& Migrations::steps() {
  static const std::vector<MigrationStep> kSteps = {
      {1, "first schema: labels, documents, spans, models, runs, predictions, search",
       &createSchemaV1},
      {2, "active learning: rankings of the unlabelled pool per model and strategy",
       &createSchemaV2},
      {3, "durable rejection: which model predicted which document", &createSchemaV3},
      {4, "runs remember their process: a killed run is closed as failed", &createSchemaV4},
      {5, "runs say what they trained: an NER model or pretrained weights", &createSchemaV5},
      {6, "pattern sets and term lists, their matches as suggestions", &createSchemaV6},
      {7, "runs keep the dev documents they held out; rejected spans stay rejected",
       &createSchemaV7},
  };
  return kSteps;
}

int Migrations::latestVersion() { return steps().back().toVersion; }

void Migrations::checkCompatible(Database& db, bool allowEmpty) {
  const int64_t appId = pragmaInt(db, "PRAGMA application_id");
  const int64_t version = pragmaInt(db, "PRAGMA user_version");
  const int64_t objects = pragmaInt(db, "SELECT count(*) FROM sqlite_schema");
  const bool empty = objects == 0 && version == 0 && (appId == 0 || appId == kApplicationId);
  if (empty && allowEmpty) return;
  if (empty) {
    throw StoreError(quotedPath(db.path()) +
                     " is an empty SQLite database, not a Spanforge project, so it was not "
                     "opened.");
  }
  if (appId != kApplicationId || version < 1) {
    throw StoreError(quotedPath(db.path()) +
                     " is a SQLite database but not a Spanforge project, so it was not opened.");
  }
  if (version > latestVersion()) {
    throw StoreError(quotedPath(db.path()) + " was saved by a newer Spanforge (project format " +
                     std::to_string(version) + "; this version reads up to " +
                     std::to_string(latestVersion()) + "). Update Spanforge to open it.");
  }
}

void Migrations::migrate(Database& db) { migrateTo(db, latestVersion()); }

void Migrations::migrateTo(Database& db, int version) {
  checkCompatible(db);
  if (db.userVersion() >= version) return;
  // Table rebuilds in future steps need foreign keys off (the pragma is a
  // no-op inside a transaction); foreign_key_check below restores the
  // guarantee before commit.
  ForeignKeysOff fkOff(db);
  Transaction tx(db);
  // Re-read under the write lock: another process may have just migrated.
  checkCompatible(db);
  const int from = db.userVersion();
  for (const MigrationStep& step : steps()) {
    if (step.toVersion <= from || step.toVersion > version) continue;
    try {
      step.apply(db);
    } catch (const StoreError& e) {
      throw StoreError("Cannot upgrade " + quotedPath(db.path()) + " to project format " +
                       std::to_string(step.toVersion) + ": " + e.what());
    }
    db.setUserVersion(step.toVersion);
  }
  db.exec("PRAGMA application_id = " + std::to_string(kApplicationId));
  Statement fk = db.prepare("PRAGMA foreign_key_check");
  if (fk.step()) {
    throw StoreError("Cannot upgrade " + quotedPath(db.path()) + ": table " + fk.columnText(0) +
                     " has rows that refer to missing rows of " + fk.columnText(2) + ".");
  }
  tx.commit();
}

}  // namespace spanforge::store
