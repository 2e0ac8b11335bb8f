#include "store/runrepository.h"

#include "store/database.h"
#include "store/storeerror.h"

#include <signal.h>
#include <unistd.h>
#include <nlohmann/json.hpp>

#include <cerrno>
#include <cmath>
#include <ctime>
#include <limits>

namespace spanforge::store {
namespace {

int64_t unixNow() { return static_cast<int64_t>(std::time(nullptr)); }

// EPERM: it exists, as another user's process.
bool processAlive(int64_t pid) {
  return pid > 0 && (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM);
}

// SQLite stores NaN as NULL; read NULL back as NaN.
double readReal(const Statement& st, int column) {
  return st.isNull(column) ? std::numeric_limits<double>::quiet_NaN() : st.columnDouble(column);
}

double jsonReal(const nlohmann::json& j, const char* key) {
  const auto it = j.find(key);
  return it != j.end() && it->is_number() ? it->get<double>()
                                          : std::numeric_limits<double>::quiet_NaN();
}

const char* kModelColumns = "id, name, path, labels, metrics, created_at, is_current";

ModelRecord readModel(const Statement& st) {
  ModelRecord m;
  m.id = st.columnInt64(0);
  m.name = st.columnText(1);
  m.path = st.columnText(2);
  m.labelsJson = st.columnText(3);
  m.metricsJson = st.columnText(4);
  m.createdAt = st.columnInt64(5);
  m.current = st.columnInt(6) != 0;
  return m;
}

const char* kRunColumns =
    "id, model_id, config, device, state, message, started_at, finished_at, kind";

RunRecord readRun(const Statement& st) {
  RunRecord r;
  r.id = st.columnInt64(0);
  if (!st.isNull(1)) r.modelId = st.columnInt64(1);
  r.configToml = st.columnText(2);
  r.device = st.columnText(3);
  r.state = static_cast<RunState>(st.columnInt(4));
  r.message = st.columnText(5);
  r.startedAt = st.columnInt64(6);
  r.finishedAt = st.columnInt64(7);
  r.kind = st.columnText(8);
  return r;
}

void requireRow(Database& db, const char* what, int64_t id) {
  if (db.changes() == 0) {
    throw StoreError(std::string("There is no ") + what + " with id " + std::to_string(id) + ".");
  }
}

}  // namespace

int64_t RunRepository::addModel(const ModelRecord& m) {
  Transaction tx(db_);
  Statement& st = db_.cached(
      "INSERT INTO models(name, path, labels, metrics, created_at) VALUES (?, ?, ?, ?, ?)");
  st.bind(1, m.name);
  st.bind(2, m.path);
  st.bind(3, m.labelsJson.empty() ? std::string("[]") : m.labelsJson);
  st.bind(4, m.metricsJson.empty() ? std::string("{}") : m.metricsJson);
  st.bind(5, m.createdAt != 0 ? m.createdAt : unixNow());
  st.step();
  const int64_t id = db_.lastInsertId();
  if (m.current) setCurrentModel(id);
  tx.commit();
  return id;
}

std::vector<ModelRecord> RunRepository::models() {
  std::vector<ModelRecord> out;
  Statement& st = db_.cached(std::string("SELECT ") + kModelColumns + " FROM models ORDER BY id");
  while (st.step()) out.push_back(readModel(st));
  return out;
}

std::optional<ModelRecord> RunRepository::currentModel() {
  Statement& st =
      db_.cached(std::string("SELECT ") + kModelColumns + " FROM models WHERE is_current = 1");
  std::optional<ModelRecord> m;
  if (st.step()) m = readModel(st);
  st.reset();
  return m;
}

void RunRepository::setCurrentModel(int64_t modelId) {
  Transaction tx(db_);
  // Two statements: the unique index on is_current = 1 allows one at a time.
  db_.cached("UPDATE models SET is_current = 0 WHERE is_current = 1").step();
  Statement& st = db_.cached("UPDATE models SET is_current = 1 WHERE id = ?");
  st.bind(1, modelId);
  st.step();
  requireRow(db_, "model", modelId);
  tx.commit();
}

int64_t RunRepository::startRun(const std::string& configToml, const std::string& device,
                                const std::string& kind) {
  Transaction tx(db_);
  Statement& st = db_.cached(
      "INSERT INTO runs(config, device, state, started_at, pid, kind) VALUES (?, ?, ?, ?, ?, ?)");
  st.bind(1, configToml);
  st.bind(2, device);
  st.bind(3, static_cast<int>(RunState::Running));
  st.bind(4, unixNow());
  st.bind(5, static_cast<int64_t>(::getpid()));
  st.bind(6, kind);
  st.step();
  const int64_t id = db_.lastInsertId();
  tx.commit();
  return id;
}

int RunRepository::closeAbandoned() {
  std::vector<std::pair<int64_t, int64_t>> dead;  // run id, pid (0: unknown)
  Statement& running = db_.cached("SELECT id, pid FROM runs WHERE state = ?");
  running.bind(1, static_cast<int>(RunState::Running));
  while (running.step()) {
    const int64_t pid = running.isNull(1) ? 0 : running.columnInt64(1);
    // A run from before version 4 has no pid: its process is long gone.
    if (!processAlive(pid)) dead.emplace_back(running.columnInt64(0), pid);
  }
  if (dead.empty()) return 0;
  Transaction tx(db_);
  // It ended at its last recorded event, as far as anyone can tell.
  Statement& close = db_.cached(
      "UPDATE runs SET state = ?, message = ?, finished_at = started_at + COALESCE("
      "(SELECT CAST(MAX(elapsed_seconds) AS INTEGER) FROM metric_events WHERE run_id = runs.id), 0)"
      " WHERE id = ? AND state = ?");
  for (const auto& [id, pid] : dead) {
    close.bind(1, static_cast<int>(RunState::Failed));
    close.bind(2, "The training process" + (pid > 0 ? " (pid " + std::to_string(pid) + ")" : "") +
                      " ended without finishing this run: it was killed or crashed. The model "
                      "it last saved, if any, is complete.");
    close.bind(3, id);
    close.bind(4, static_cast<int>(RunState::Running));
    close.step();
    close.reset();
  }
  tx.commit();
  return static_cast<int>(dead.size());
}

void RunRepository::setDevDocuments(int64_t runId, const std::vector<int64_t>& documentIds) {
  Transaction tx(db_);
  Statement& clear = db_.cached("DELETE FROM run_dev_documents WHERE run_id = ?");
  clear.bind(1, runId);
  clear.step();
  Statement& add =
      db_.cached("INSERT OR IGNORE INTO run_dev_documents(run_id, document_id) VALUES (?, ?)");
  for (const int64_t id : documentIds) {
    add.bind(1, runId);
    add.bind(2, id);
    add.step();
    add.reset();
  }
  tx.commit();
}

std::optional<std::vector<int64_t>> RunRepository::devDocuments(int64_t runId) {
  Statement& st =
      db_.cached("SELECT document_id FROM run_dev_documents WHERE run_id = ? ORDER BY document_id");
  st.bind(1, runId);
  std::vector<int64_t> ids;
  while (st.step()) ids.push_back(st.columnInt64(0));
  st.reset();
  if (ids.empty()) return std::nullopt;
  return ids;
}

std::optional<int64_t> RunRepository::runOfModel(int64_t modelId) {
  Statement& st = db_.cached("SELECT id FROM runs WHERE model_id = ? ORDER BY id DESC LIMIT 1");
  st.bind(1, modelId);
  std::optional<int64_t> run;
  if (st.step()) run = st.columnInt64(0);
  st.reset();
  return run;
}

void RunRepository::setRunConfig(int64_t runId, const std::string& configToml) {
  Statement& st = db_.cached("UPDATE runs SET config = ? WHERE id = ?");
  st.bind(1, configToml);
  st.bind(2, runId);
  st.step();
}

void RunRepository::addEvent(int64_t runId, const MetricEvent& e) {
  Transaction tx(db_);
  Statement& run = db_.cached("SELECT EXISTS (SELECT 1 FROM runs WHERE id = ?)");
  run.bind(1, runId);
  const bool exists = run.step() && run.columnInt(0) != 0;
  run.reset();
  if (!exists) throw StoreError("There is no training run with id " + std::to_string(runId) + ".");
  Statement& st = db_.cached(
      "INSERT INTO metric_events(run_id, step, epoch, loss, elapsed_seconds, words_per_second,"
      " memory_bytes, memory_peak_bytes, precision, recall, f1, per_label)"
      " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
  st.bind(1, runId);
  st.bind(2, e.step);
  st.bind(3, e.epoch);
  st.bind(4, e.loss);
  st.bind(5, e.elapsedSeconds);
  st.bind(6, e.wordsPerSecond);
  st.bind(7, e.memoryBytes);
  st.bind(8, e.memoryPeakBytes);
  if (e.hasScores) {
    st.bind(9, e.precision);
    st.bind(10, e.recall);
    st.bind(11, e.f1);
    auto perLabel = nlohmann::json::array();
    for (const auto& s : e.perLabel) {
      perLabel.push_back({{"label", s.label},
                          {"precision", s.precision},
                          {"recall", s.recall},
                          {"f1", s.f1},
                          {"support", s.support}});
    }
    st.bind(12, perLabel.dump());
  }
  st.step();
  tx.commit();
}

void RunRepository::addEvents(int64_t runId, const std::vector<MetricEvent>& events) {
  Transaction tx(db_);
  for (const MetricEvent& e : events) addEvent(runId, e);
  tx.commit();
}

void RunRepository::finishRun(int64_t runId, RunState state, std::optional<int64_t> modelId,
                              const std::string& message) {
  Transaction tx(db_);
  Statement& st = db_.cached(
      "UPDATE runs SET state = ?, model_id = ?, message = ?, finished_at = ? WHERE id = ?");
  st.bind(1, static_cast<int>(state));
  st.bind(2, modelId);
  st.bind(3, message);
  st.bind(4, unixNow());
  st.bind(5, runId);
  st.step();
  requireRow(db_, "training run", runId);
  tx.commit();
}

std::vector<RunRecord> RunRepository::runs() {
  std::vector<RunRecord> out;
  Statement& st = db_.cached(std::string("SELECT ") + kRunColumns + " FROM runs ORDER BY id");
  while (st.step()) out.push_back(readRun(st));
  return out;
}

std::optional<RunRecord> RunRepository::run(int64_t runId) {
  Statement& st = db_.cached(std::string("SELECT ") + kRunColumns + " FROM runs WHERE id = ?");
  st.bind(1, runId);
  std::optional<RunRecord> r;
  if (st.step()) r = readRun(st);
  st.reset();
  return r;
}

std::optional<ModelRecord> RunRepository::model(int64_t modelId) {
  Statement& st = db_.cached(std::string("SELECT ") + kModelColumns + " FROM models WHERE id = ?");
  st.bind(1, modelId);
  std::optional<ModelRecord> m;
  if (st.step()) m = readModel(st);
  st.reset();
  return m;
}

std::vector<MetricEvent> RunRepository::events(int64_t runId) {
  std::vector<MetricEvent> out;
  Statement& st = db_.cached(
      "SELECT step, epoch, loss, elapsed_seconds, words_per_second, memory_bytes,"
      " memory_peak_bytes, precision, recall, f1, per_label"
      " FROM metric_events WHERE run_id = ? ORDER BY id");
  st.bind(1, runId);
  while (st.step()) {
    MetricEvent e;
    e.step = st.columnInt64(0);
    e.epoch = st.columnInt64(1);
    e.loss = readReal(st, 2);
    e.elapsedSeconds = readReal(st, 3);
    e.wordsPerSecond = readReal(st, 4);
    e.memoryBytes = st.columnInt64(5);
    e.memoryPeakBytes = st.columnInt64(6);
    e.hasScores = !st.isNull(10);
    if (e.hasScores) {
      e.precision = readReal(st, 7);
      e.recall = readReal(st, 8);
      e.f1 = readReal(st, 9);
      const auto perLabel = nlohmann::json::parse(st.columnText(10), nullptr, false);
      for (const auto& j : perLabel.is_array() ? perLabel : nlohmann::json::array()) {
        if (!j.is_object()) continue;
        LabelScore s;
        s.label = j.value("label", "");
        s.precision = jsonReal(j, "precision");
        s.recall = jsonReal(j, "recall");
        s.f1 = jsonReal(j, "f1");
        s.support = j.value("support", int64_t{0});
        e.perLabel.push_back(std::move(s));
      }
    }
    out.push_back(std::move(e));
  }
  return out;
}

}  // namespace spanforge::store
