#include "store/documentrepository.h"

#include "store/database.h"
#include "store/documentcodec.h"
#include "store/documentquery.h"
#include "store/searchindex.h"
#include "store/storeerror.h"

#include <ctime>

namespace spanforge::store {
namespace {

constexpr int kForEachPage = 1000;
constexpr size_t kSnippetLength = 120;

const std::string kFullColumns =
    "d.id, d.text, d.tokens, d.source, d.meta, d.split, d.status, d.annotator, "
    "d.content_hash, d.created_at, d.updated_at";
const std::string kSummaryColumns =
    "d.id, substr(d.text, 1, 120), d.status, "
    "(SELECT count(*) FROM spans s WHERE s.document_id = d.id), length(d.text)";

int64_t now() { return static_cast<int64_t>(std::time(nullptr)); }

std::string describe(int64_t id) { return "document " + std::to_string(id); }

StoredDocument readRow(const Statement& st) {
  StoredDocument sd;
  sd.id = st.columnInt64(0);
  sd.doc.text = st.columnText(1);
  sd.doc.tokens = DocumentCodec::decodeTokens(st.columnBlob(2), sd.doc.text, sd.id);
  sd.doc.source = st.columnText(3);
  sd.doc.metaJson = st.columnText(4);
  sd.split = static_cast<Split>(st.columnInt(5));
  sd.doc.status = static_cast<text::DocStatus>(st.columnInt(6));
  sd.annotator = st.columnText(7);
  sd.contentHash = st.columnText(8);
  sd.createdAt = st.columnInt64(9);
  sd.updatedAt = st.columnInt64(10);
  return sd;
}

void loadSpans(Database& db, StoredDocument& sd) {
  Statement& st = db.cached(
      "SELECT s.start, s.\"end\", l.name FROM spans s JOIN labels l ON l.id = s.label_id "
      "WHERE s.document_id = ? ORDER BY s.start");
  st.bind(1, sd.id);
  while (st.step()) {
    sd.doc.spans.push_back({st.columnInt64(0), st.columnInt64(1), st.columnText(2)});
  }
}

std::optional<int64_t> findLabel(Database& db, const std::string& name) {
  Statement& st = db.cached("SELECT id FROM labels WHERE name = ?");
  st.bind(1, name);
  std::optional<int64_t> id;
  if (st.step()) id = st.columnInt64(0);
  st.reset();
  return id;
}

std::vector<int64_t> resolveLabels(Database& db, const std::vector<text::Span>& spans,
                                   const std::string& where) {
  std::vector<int64_t> ids;
  ids.reserve(spans.size());
  for (const auto& s : spans) {
    const auto id = findLabel(db, s.label);
    if (!id) {
      throw StoreError("Unknown label \"" + s.label + "\" on span [" + std::to_string(s.start) +
                       ", " + std::to_string(s.end) + ") of " + where + "; add the label first.");
    }
    ids.push_back(*id);
  }
  return ids;
}

void insertSpans(Database& db, int64_t documentId, const std::vector<text::Span>& spans,
                 const std::vector<int64_t>& labelIds) {
  for (size_t i = 0; i < spans.size(); ++i) {
    Statement& st =
        db.cached("INSERT INTO spans(document_id, start, \"end\", label_id) VALUES (?, ?, ?, ?)");
    st.bind(1, documentId);
    st.bind(2, spans[i].start);
    st.bind(3, spans[i].end);
    st.bind(4, labelIds[i]);
    st.step();
  }
}

// Code-point length of a stored document; throws when there is none.
int64_t documentLength(Database& db, int64_t id) {
  Statement& st = db.cached("SELECT length(text) FROM documents WHERE id = ?");
  st.bind(1, id);
  if (!st.step()) throw StoreError("There is no " + describe(id) + " in the project.");
  const int64_t length = st.columnInt64(0);
  st.reset();
  return length;
}

// A search inside an open transaction must see the documents added in it.
void flushSearch(Database& db, const DocumentFilter& filter) {
  if (!filter.search.empty() && db.depth() > 0) SearchIndex(db).flush();
}

}  // namespace

DocumentRepository::AddResult DocumentRepository::add(const text::Document& doc, Split split,
                                                      const std::string& annotator) {
  const std::string where = DocumentCodec::describeNew(doc.text, doc.source);
  const int64_t length = DocumentCodec::checkText(doc.text, where);
  const std::string meta = DocumentCodec::checkMeta(doc.metaJson, where);
  DocumentCodec::checkTokens(doc.tokens, length, where);
  const auto spans = DocumentCodec::sortedSpans(doc.spans, length, where);
  const std::string hash = DocumentCodec::contentHash(doc.text);

  Transaction tx(db_);
  const auto labelIds = resolveLabels(db_, spans, where);
  Statement& st = db_.cached(
      "INSERT INTO documents(text, tokens, content_hash, source, meta, split, status, annotator,"
      " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
      " ON CONFLICT(content_hash) DO NOTHING");
  st.bind(1, doc.text);
  if (doc.tokens.empty()) {
    st.bind(2, nullptr);
  } else {
    st.bind(2, DocumentCodec::encodeTokens(doc.tokens));
  }
  st.bind(3, hash);
  st.bind(4, doc.source);
  st.bind(5, meta);
  st.bind(6, static_cast<int>(split));
  st.bind(7, static_cast<int>(doc.status));
  st.bind(8, annotator);
  st.bind(9, now());
  st.bind(10, now());
  st.step();

  AddResult result;
  if (db_.changes() == 0) {
    Statement& find = db_.cached("SELECT id FROM documents WHERE content_hash = ?");
    find.bind(1, hash);
    if (find.step()) result.id = find.columnInt64(0);
    find.reset();
    result.duplicate = true;
  } else {
    result.id = db_.lastInsertId();
    insertSpans(db_, result.id, spans, labelIds);
  }
  tx.commit();
  return result;
}

std::optional<StoredDocument> DocumentRepository::get(int64_t id) {
  Statement& st = db_.cached("SELECT " + kFullColumns + " FROM documents d WHERE d.id = ?");
  st.bind(1, id);
  if (!st.step()) return std::nullopt;
  StoredDocument sd = readRow(st);
  st.reset();
  loadSpans(db_, sd);
  return sd;
}

bool DocumentRepository::containsText(const std::string& text) {
  Statement& st = db_.cached("SELECT EXISTS (SELECT 1 FROM documents WHERE content_hash = ?)");
  st.bind(1, DocumentCodec::contentHash(text));
  const bool found = st.step() && st.columnInt(0) != 0;
  st.reset();
  return found;
}

std::vector<DocumentSummary> DocumentRepository::page(const DocumentFilter& filter, int64_t afterId,
                                                      int limit) {
  std::vector<DocumentSummary> rows;
  std::optional<int64_t> labelId;
  if (filter.label && !(labelId = findLabel(db_, *filter.label))) return rows;
  if (limit <= 0) return rows;
  flushSearch(db_, filter);
  const DocumentQuery query(filter, labelId);
  Statement& st = db_.cached(query.selectSql(kSummaryColumns));
  query.bind(st, afterId, limit);
  rows.reserve(static_cast<size_t>(limit));
  while (st.step()) {
    DocumentSummary s;
    s.id = st.columnInt64(0);
    s.snippet = DocumentCodec::snippet(st.columnText(1), kSnippetLength);
    s.status = static_cast<text::DocStatus>(st.columnInt(2));
    s.spanCount = st.columnInt64(3);
    s.length = st.columnInt64(4);
    rows.push_back(std::move(s));
  }
  return rows;
}

int64_t DocumentRepository::count(const DocumentFilter& filter) {
  std::optional<int64_t> labelId;
  if (filter.label && !(labelId = findLabel(db_, *filter.label))) return 0;
  if (!filter.label && !filter.split && filter.search.empty()) {
    // Served by the trigger-maintained counts: O(1) at any project size.
    Statement& st =
        db_.cached("SELECT coalesce(sum(n), 0) FROM status_counts WHERE ?1 IS NULL OR status = ?1");
    if (filter.status) st.bind(1, static_cast<int>(*filter.status));
    const int64_t n = st.step() ? st.columnInt64(0) : 0;
    st.reset();
    return n;
  }
  flushSearch(db_, filter);
  const DocumentQuery query(filter, labelId);
  Statement& st = db_.cached(query.countSql());
  query.bind(st);
  const int64_t n = st.step() ? st.columnInt64(0) : 0;
  st.reset();
  return n;
}

std::map<text::DocStatus, int64_t> DocumentRepository::countByStatus() {
  std::map<text::DocStatus, int64_t> counts;
  for (auto s : {text::DocStatus::Unlabelled, text::DocStatus::Accepted, text::DocStatus::Rejected,
                 text::DocStatus::Ignored}) {
    counts[s] = 0;
  }
  Statement& st = db_.cached("SELECT status, n FROM status_counts");
  while (st.step()) counts[static_cast<text::DocStatus>(st.columnInt(0))] = st.columnInt64(1);
  return counts;
}

std::map<std::string, int64_t> DocumentRepository::spanCountByLabel() {
  std::map<std::string, int64_t> counts;
  Statement& st = db_.cached(
      "SELECT l.name, (SELECT count(*) FROM spans s WHERE s.label_id = l.id) FROM labels l");
  while (st.step()) counts[st.columnText(0)] = st.columnInt64(1);
  return counts;
}

std::vector<StoredDocument> DocumentRepository::pageDocuments(const DocumentFilter& filter,
                                                              int64_t afterId, int limit) {
  std::vector<StoredDocument> rows;
  std::optional<int64_t> labelId;
  if (filter.label && !(labelId = findLabel(db_, *filter.label))) return rows;
  if (limit <= 0) return rows;
  flushSearch(db_, filter);
  const DocumentQuery query(filter, labelId);
  Statement& st = db_.cached(query.selectSql(kFullColumns));
  query.bind(st, afterId, limit);
  while (st.step()) rows.push_back(readRow(st));
  for (auto& sd : rows) loadSpans(db_, sd);
  return rows;
}

void DocumentRepository::forEach(const DocumentFilter& filter,
                                 const std::function<void(const StoredDocument&)>& fn) {
  std::optional<int64_t> labelId;
  if (filter.label && !(labelId = findLabel(db_, *filter.label))) return;
  flushSearch(db_, filter);
  const DocumentQuery query(filter, labelId);
  const std::string sql = query.selectSql(kFullColumns);
  int64_t afterId = 0;
  for (;;) {
    // Read a whole page before calling back, so fn may use the repository.
    std::vector<StoredDocument> batch;
    batch.reserve(kForEachPage);
    Statement& st = db_.cached(sql);
    query.bind(st, afterId, kForEachPage);
    while (st.step()) batch.push_back(readRow(st));
    for (auto& sd : batch) loadSpans(db_, sd);
    for (const auto& sd : batch) fn(sd);
    if (batch.size() < static_cast<size_t>(kForEachPage)) break;
    afterId = batch.back().id;
  }
}

void DocumentRepository::setSpans(int64_t id, const std::vector<text::Span>& spans) {
  Transaction tx(db_);
  const auto sorted = DocumentCodec::sortedSpans(spans, documentLength(db_, id), describe(id));
  const auto labelIds = resolveLabels(db_, sorted, describe(id));
  Statement& del = db_.cached("DELETE FROM spans WHERE document_id = ?");
  del.bind(1, id);
  del.step();
  insertSpans(db_, id, sorted, labelIds);
  Statement& touch = db_.cached("UPDATE documents SET updated_at = ? WHERE id = ?");
  touch.bind(1, now());
  touch.bind(2, id);
  touch.step();
  tx.commit();
}

void DocumentRepository::setStatus(int64_t id, text::DocStatus status,
                                   const std::string& annotator) {
  Transaction tx(db_);
  Statement& st = db_.cached(
      "UPDATE documents SET status = ?1, annotator = CASE WHEN ?2 = '' THEN annotator ELSE ?2 END,"
      " updated_at = ?3 WHERE id = ?4");
  st.bind(1, static_cast<int>(status));
  st.bind(2, annotator);
  st.bind(3, now());
  st.bind(4, id);
  st.step();
  if (db_.changes() == 0) throw StoreError("There is no " + describe(id) + " in the project.");
  tx.commit();
}

void DocumentRepository::setTokens(int64_t id, const std::vector<text::Token>& tokens) {
  Transaction tx(db_);
  DocumentCodec::checkTokens(tokens, documentLength(db_, id), describe(id));
  Statement& st = db_.cached("UPDATE documents SET tokens = ?, updated_at = ? WHERE id = ?");
  if (tokens.empty()) {
    st.bind(1, nullptr);
  } else {
    st.bind(1, DocumentCodec::encodeTokens(tokens));
  }
  st.bind(2, now());
  st.bind(3, id);
  st.step();
  tx.commit();
}

}  // namespace spanforge::store
