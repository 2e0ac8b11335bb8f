#include "store/rankingrepository.h"

#include "store/database.h"
#include "store/documentcodec.h"
#include "store/storeerror.h"

#include <cmath>
#include <ctime>
#include <unordered_set>

namespace spanforge::store {
namespace {

constexpr size_t kRankedSnippetLength = 120;

// Rank, score, then the columns of a DocumentSummary (as DocumentRepository
// reads them) over rankings r joined to documents d.
const std::string kColumns =
    "r.rank, r.score, d.id, substr(d.text, 1, 120), d.status,"
    " (SELECT count(*) FROM spans s WHERE s.document_id = d.id), length(d.text)";

RankedDocument readRanked(const Statement& st) {
  RankedDocument r;
  r.rank = st.columnInt64(0);
  r.score = st.columnDouble(1);
  r.document.id = st.columnInt64(2);
  r.document.snippet = DocumentCodec::snippet(st.columnText(3), kRankedSnippetLength);
  r.document.status = static_cast<text::DocStatus>(st.columnInt(4));
  r.document.spanCount = st.columnInt64(5);
  r.document.length = st.columnInt64(6);
  return r;
}

std::string describeRanking(int64_t modelId, const std::string& strategy) {
  return "the \"" + strategy + "\" ranking of model " + std::to_string(modelId);
}

}  // namespace

void RankingRepository::replace(int64_t modelId, const std::string& strategy,
                                const std::vector<RankingEntry>& entries) {
  const std::string where = describeRanking(modelId, strategy);
  if (strategy.empty()) throw StoreError("A ranking needs a strategy name.");
  Transaction tx(db_);
  Statement& model = db_.cached("SELECT EXISTS (SELECT 1 FROM models WHERE id = ?)");
  model.bind(1, modelId);
  const bool modelExists = model.step() && model.columnInt(0) != 0;
  model.reset();
  if (!modelExists) throw StoreError("There is no model with id " + std::to_string(modelId) + ".");

  // Deleting the run deletes its rows (ON DELETE CASCADE).
  Statement& del = db_.cached("DELETE FROM ranking_runs WHERE model_id = ? AND strategy = ?");
  del.bind(1, modelId);
  del.bind(2, strategy);
  del.step();
  Statement& run =
      db_.cached("INSERT INTO ranking_runs(model_id, strategy, created_at) VALUES (?, ?, ?)");
  run.bind(1, modelId);
  run.bind(2, strategy);
  run.bind(3, static_cast<int64_t>(std::time(nullptr)));
  run.step();

  std::unordered_set<int64_t> seen;
  seen.reserve(entries.size());
  int64_t rank = 0;
  for (const RankingEntry& e : entries) {
    ++rank;
    const std::string entry = "document " + std::to_string(e.documentId) + " at rank " +
                              std::to_string(rank) + " of " + where;
    if (!seen.insert(e.documentId).second) throw StoreError("The " + entry + " is listed twice.");
    if (!std::isfinite(e.score)) throw StoreError("The " + entry + " has no valid score.");
    Statement& doc = db_.cached("SELECT EXISTS (SELECT 1 FROM documents WHERE id = ?)");
    doc.bind(1, e.documentId);
    const bool docExists = doc.step() && doc.columnInt(0) != 0;
    doc.reset();
    if (!docExists) throw StoreError("There is no " + entry + " in the project.");
    Statement& ins = db_.cached(
        "INSERT INTO rankings(model_id, strategy, rank, document_id, score) VALUES (?, ?, ?, ?, "
        "?)");
    ins.bind(1, modelId);
    ins.bind(2, strategy);
    ins.bind(3, rank);
    ins.bind(4, e.documentId);
    ins.bind(5, e.score);
    ins.step();
  }
  tx.commit();
}

void RankingRepository::remove(int64_t modelId, const std::string& strategy) {
  Transaction tx(db_);
  Statement& del = db_.cached("DELETE FROM ranking_runs WHERE model_id = ? AND strategy = ?");
  del.bind(1, modelId);
  del.bind(2, strategy);
  del.step();
  tx.commit();
}

std::vector<RankingInfo> RankingRepository::rankings() {
  std::vector<RankingInfo> out;
  Statement& st = db_.cached(
      "SELECT g.model_id, g.strategy, g.created_at,"
      " (SELECT count(*) FROM rankings r WHERE r.model_id = g.model_id"
      "  AND r.strategy = g.strategy)"
      " FROM ranking_runs g ORDER BY g.created_at DESC, g.model_id DESC, g.strategy");
  while (st.step()) {
    out.push_back({st.columnInt64(0), st.columnText(1), st.columnInt64(2), st.columnInt64(3)});
  }
  return out;
}

std::optional<RankingInfo> RankingRepository::info(int64_t modelId, const std::string& strategy) {
  Statement& st = db_.cached(
      "SELECT created_at, (SELECT count(*) FROM rankings WHERE model_id = ?1 AND strategy = ?2)"
      " FROM ranking_runs WHERE model_id = ?1 AND strategy = ?2");
  st.bind(1, modelId);
  st.bind(2, strategy);
  std::optional<RankingInfo> out;
  if (st.step()) out = RankingInfo{modelId, strategy, st.columnInt64(0), st.columnInt64(1)};
  st.reset();
  return out;
}

std::vector<RankedDocument> RankingRepository::page(int64_t modelId, const std::string& strategy,
                                                    int64_t afterRank, int limit,
                                                    std::optional<text::DocStatus> status) {
  std::vector<RankedDocument> out;
  if (limit <= 0) return out;
  // The primary key (model_id, strategy, rank) drives the scan in rank order.
  Statement& st = db_.cached("SELECT " + kColumns +
                             " FROM rankings r JOIN documents d ON d.id = r.document_id"
                             " WHERE r.model_id = ?1 AND r.strategy = ?2 AND r.rank > ?3"
                             " AND (?4 IS NULL OR d.status = ?4) ORDER BY r.rank LIMIT ?5");
  st.bind(1, modelId);
  st.bind(2, strategy);
  st.bind(3, afterRank);
  if (status) st.bind(4, static_cast<int>(*status));
  st.bind(5, limit);
  while (st.step()) out.push_back(readRanked(st));
  return out;
}

int64_t RankingRepository::count(int64_t modelId, const std::string& strategy,
                                 std::optional<text::DocStatus> status) {
  Statement& st = db_.cached(
      "SELECT count(*) FROM rankings r JOIN documents d ON d.id = r.document_id"
      " WHERE r.model_id = ?1 AND r.strategy = ?2 AND (?3 IS NULL OR d.status = ?3)");
  st.bind(1, modelId);
  st.bind(2, strategy);
  if (status) st.bind(3, static_cast<int>(*status));
  const int64_t n = st.step() ? st.columnInt64(0) : 0;
  st.reset();
  return n;
}

std::optional<RankedDocument> RankingRepository::next(int64_t modelId, const std::string& strategy,
                                                      int64_t afterDocumentId) {
  const auto current =
      afterDocumentId > 0 ? find(modelId, strategy, afterDocumentId) : std::nullopt;
  const int64_t afterRank = current ? current->rank : 0;
  auto after = page(modelId, strategy, afterRank, 1, text::DocStatus::Unlabelled);
  if (!after.empty()) return after.front();
  if (afterRank == 0) return std::nullopt;
  // Wrap around: documents skipped above the current one are still to do.
  auto before = page(modelId, strategy, 0, 1, text::DocStatus::Unlabelled);
  if (!before.empty() && before.front().document.id != afterDocumentId) return before.front();
  return std::nullopt;
}

std::optional<RankedDocument> RankingRepository::find(int64_t modelId, const std::string& strategy,
                                                      int64_t documentId) {
  Statement& st = db_.cached("SELECT " + kColumns +
                             " FROM rankings r JOIN documents d ON d.id = r.document_id"
                             " WHERE r.model_id = ? AND r.strategy = ? AND r.document_id = ?");
  st.bind(1, modelId);
  st.bind(2, strategy);
  st.bind(3, documentId);
  std::optional<RankedDocument> out;
  if (st.step()) out = readRanked(st);
  st.reset();
  return out;
}

}  // namespace spanforge::store
