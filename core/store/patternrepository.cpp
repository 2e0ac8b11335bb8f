#include "store/patternrepository.h"

#include "store/database.h"
#include "store/storeerror.h"

#include <ctime>

namespace spanforge::store {
namespace {

const char* kSetColumns =
    "s.id, s.name, s.kind, s.case_fold, coalesce(s.term_label, ''), s.enabled, s.created_at,"
    " (SELECT count(*) FROM patterns p WHERE p.set_id = s.id)";

PatternSetRecord readSet(Statement& st) {
  PatternSetRecord r;
  r.id = st.columnInt64(0);
  r.name = st.columnText(1);
  r.kind = st.columnText(2);
  r.caseFold = st.columnInt(3) != 0;
  r.termLabel = st.columnText(4);
  r.enabled = st.columnInt(5) != 0;
  r.createdAt = st.columnInt64(6);
  r.patterns = st.columnInt64(7);
  return r;
}

}  // namespace

int64_t PatternRepository::addSet(const PatternSetRecord& set,
                                  const std::vector<PatternRecord>& patterns) {
  if (set.name.empty()) throw StoreError("A pattern set needs a name.");
  Transaction tx(db_);
  Statement& taken = db_.cached("SELECT 1 FROM pattern_sets WHERE name = ?");
  taken.bind(1, set.name);
  const bool exists = taken.step();
  taken.reset();
  if (exists)
    throw StoreError("The project already has a pattern set named \"" + set.name +
                     "\": remove it first or choose another name.");
  Statement& ins = db_.cached(
      "INSERT INTO pattern_sets(name, kind, case_fold, term_label, enabled, created_at)"
      " VALUES (?, ?, ?, ?, ?, ?)");
  ins.bind(1, set.name);
  ins.bind(2, set.kind);
  ins.bind(3, set.caseFold ? 1 : 0);
  if (set.termLabel.empty())
    ins.bind(4, nullptr);
  else
    ins.bind(4, set.termLabel);
  ins.bind(5, set.enabled ? 1 : 0);
  ins.bind(6, static_cast<int64_t>(std::time(nullptr)));
  ins.step();
  const int64_t id = db_.lastInsertId();
  Statement& add =
      db_.cached("INSERT INTO patterns(set_id, line, label, source) VALUES (?, ?, ?, ?)");
  for (const PatternRecord& p : patterns) {
    add.bind(1, id);
    add.bind(2, p.line);
    add.bind(3, p.label);
    add.bind(4, p.source);
    add.step();
    add.reset();
  }
  tx.commit();
  return id;
}

int64_t PatternRepository::addPattern(int64_t setId, const std::string& label,
                                      const std::string& source, bool* added) {
  Transaction tx(db_);
  Statement& same =
      db_.cached("SELECT id FROM patterns WHERE set_id = ? AND label = ? AND source = ?");
  same.bind(1, setId);
  same.bind(2, label);
  same.bind(3, source);
  if (same.step()) {
    const int64_t id = same.columnInt64(0);
    same.reset();
    if (added) *added = false;
    return id;
  }
  Statement& add = db_.cached(
      "INSERT INTO patterns(set_id, line, label, source) SELECT ?1, coalesce(max(line), 0) + 1,"
      " ?2, ?3 FROM patterns WHERE set_id = ?1");
  add.bind(1, setId);
  add.bind(2, label);
  add.bind(3, source);
  add.step();
  const int64_t id = db_.lastInsertId();
  tx.commit();
  if (added) *added = true;
  return id;
}

void PatternRepository::removeSet(int64_t id) {
  Transaction tx(db_);
  Statement& del = db_.cached("DELETE FROM pattern_sets WHERE id = ?");
  del.bind(1, id);
  del.step();
  tx.commit();
}

void PatternRepository::setEnabled(int64_t id, bool enabled) {
  Transaction tx(db_);
  Statement& st = db_.cached("UPDATE pattern_sets SET enabled = ? WHERE id = ?");
  st.bind(1, enabled ? 1 : 0);
  st.bind(2, id);
  st.step();
  tx.commit();
}

std::vector<PatternSetRecord> PatternRepository::sets() {
  std::vector<PatternSetRecord> out;
  Statement st =
      db_.prepare(std::string("SELECT ") + kSetColumns + " FROM pattern_sets s ORDER BY s.id");
  while (st.step()) out.push_back(readSet(st));
  return out;
}

std::optional<PatternSetRecord> PatternRepository::set(const std::string& name) {
  Statement st =
      db_.prepare(std::string("SELECT ") + kSetColumns + " FROM pattern_sets s WHERE s.name = ?");
  st.bind(1, name);
  if (!st.step()) return std::nullopt;
  return readSet(st);
}

std::vector<PatternRecord> PatternRepository::patterns(int64_t setId) {
  std::vector<PatternRecord> out;
  Statement& st =
      db_.cached("SELECT id, line, label, source FROM patterns WHERE set_id = ? ORDER BY line");
  st.bind(1, setId);
  while (st.step())
    out.push_back(
        {st.columnInt64(0), setId, st.columnInt64(1), st.columnText(2), st.columnText(3)});
  return out;
}

std::vector<PatternCounts> PatternRepository::counts(int64_t setId) {
  std::vector<PatternCounts> out;
  Statement& st = db_.cached(
      "SELECT p.id, count(m.pattern_id), coalesce(sum(m.state = 1), 0),"
      " coalesce(sum(m.state = 2), 0) FROM patterns p"
      " LEFT JOIN pattern_matches m ON m.pattern_id = p.id"
      " WHERE p.set_id = ? GROUP BY p.id ORDER BY p.line");
  st.bind(1, setId);
  while (st.step())
    out.push_back({st.columnInt64(0), st.columnInt64(1), st.columnInt64(2), st.columnInt64(3)});
  return out;
}

void PatternRepository::replaceOpen(int64_t documentId,
                                    const std::vector<PatternMatchRecord>& matches) {
  Transaction tx(db_);
  Statement& doc = db_.cached("SELECT length(text) FROM documents WHERE id = ?");
  doc.bind(1, documentId);
  if (!doc.step())
    throw StoreError("There is no document " + std::to_string(documentId) + " in the project.");
  const int64_t length = doc.columnInt64(0);
  doc.reset();
  Statement& del = db_.cached("DELETE FROM pattern_matches WHERE document_id = ? AND state = 0");
  del.bind(1, documentId);
  del.step();
  Statement& pattern = db_.cached("SELECT 1 FROM patterns WHERE id = ?");
  Statement& ins = db_.cached(
      "INSERT OR IGNORE INTO pattern_matches(document_id, pattern_id, start, \"end\", state)"
      " VALUES (?, ?, ?, ?, 0)");
  for (const PatternMatchRecord& m : matches) {
    if (m.span.start < 0 || m.span.end <= m.span.start || m.span.end > length)
      throw StoreError("A pattern match [" + std::to_string(m.span.start) + ", " +
                       std::to_string(m.span.end) + ") of document " + std::to_string(documentId) +
                       " lies outside the text or is empty.");
    pattern.bind(1, m.patternId);
    const bool known = pattern.step();
    pattern.reset();
    if (!known) throw StoreError("There is no pattern " + std::to_string(m.patternId) + ".");
    ins.bind(1, documentId);
    ins.bind(2, m.patternId);
    ins.bind(3, m.span.start);
    ins.bind(4, m.span.end);
    ins.step();
    ins.reset();
  }
  tx.commit();
}

std::vector<PatternMatchRecord> PatternRepository::matches(int64_t documentId,
                                                           std::optional<MatchState> state) {
  std::vector<PatternMatchRecord> out;
  Statement& st = db_.cached(
      "SELECT m.pattern_id, m.start, m.\"end\", p.label, m.state FROM pattern_matches m"
      " JOIN patterns p ON p.id = m.pattern_id JOIN pattern_sets s ON s.id = p.set_id"
      " WHERE m.document_id = ? AND s.enabled = 1 AND (? < 0 OR m.state = ?)"
      " ORDER BY m.start, m.\"end\", m.pattern_id");
  const int64_t wanted = state ? static_cast<int64_t>(*state) : -1;
  st.bind(1, documentId);
  st.bind(2, wanted);
  st.bind(3, wanted);
  while (st.step())
    out.push_back({documentId,
                   st.columnInt64(0),
                   {st.columnInt64(1), st.columnInt64(2), st.columnText(3)},
                   static_cast<MatchState>(st.columnInt(4))});
  return out;
}

std::vector<text::ScoredSpan> PatternRepository::suggestions(int64_t documentId) {
  std::vector<text::ScoredSpan> out;
  Statement& st = db_.cached(
      "SELECT m.pattern_id, m.start, m.\"end\", p.label,"
      " (SELECT count(*) FROM pattern_matches x WHERE x.pattern_id = m.pattern_id AND"
      " x.state = 1),"
      " (SELECT count(*) FROM pattern_matches x WHERE x.pattern_id = m.pattern_id AND"
      " x.state = 2), s.name = ?"
      " FROM pattern_matches m JOIN patterns p ON p.id = m.pattern_id"
      " JOIN pattern_sets s ON s.id = p.set_id"
      " WHERE m.document_id = ? AND s.enabled = 1 AND m.state = 0"
      " ORDER BY m.start, m.\"end\", m.pattern_id");
  st.bind(1, PatternSetRecord::kLearnedName);
  st.bind(2, documentId);
  while (st.step()) {
    const double accepted = double(st.columnInt64(4)), rejected = double(st.columnInt64(5));
    if (st.columnInt(6) && rejected > accepted + 1) continue;
    out.push_back({{st.columnInt64(1), st.columnInt64(2), st.columnText(3)},
                   (accepted + 1) / (accepted + rejected + 2),
                   st.columnInt64(0)});
  }
  return out;
}

std::optional<PatternSource> PatternRepository::source(int64_t patternId) {
  Statement& st = db_.cached(
      "SELECT s.name, p.line, p.source FROM patterns p JOIN pattern_sets s ON s.id = p.set_id"
      " WHERE p.id = ?");
  st.bind(1, patternId);
  if (!st.step()) return std::nullopt;
  PatternSource out{st.columnText(0), st.columnInt64(1), st.columnText(2)};
  st.reset();
  return out;
}

int64_t PatternRepository::mostMatched(int64_t except, int64_t* matches) {
  Statement& st = db_.cached(
      "SELECT m.document_id, count(*) AS n FROM pattern_matches m"
      " JOIN documents d ON d.id = m.document_id JOIN patterns p ON p.id = m.pattern_id"
      " JOIN pattern_sets s ON s.id = p.set_id"
      " WHERE m.state = 0 AND s.enabled = 1 AND d.status = 0 AND m.document_id != ?"
      " GROUP BY m.document_id ORDER BY n DESC, m.document_id LIMIT 1");
  st.bind(1, except);
  if (!st.step()) return 0;
  if (matches) *matches = st.columnInt64(1);
  const int64_t id = st.columnInt64(0);
  st.reset();
  return id;
}

bool PatternRepository::setState(const PatternMatchRecord& match, MatchState state) {
  Transaction tx(db_);
  Statement& st = db_.cached(
      "UPDATE pattern_matches SET state = ? WHERE document_id = ? AND pattern_id = ?"
      " AND start = ? AND \"end\" = ?");
  st.bind(1, static_cast<int64_t>(state));
  st.bind(2, match.documentId);
  st.bind(3, match.patternId);
  st.bind(4, match.span.start);
  st.bind(5, match.span.end);
  st.step();
  const bool changed = db_.changes() > 0;
  tx.commit();
  return changed;
}

}  // namespace spanforge::store
