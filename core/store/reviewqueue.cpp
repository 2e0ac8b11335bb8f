#include "store/reviewqueue.h"

#include "store/database.h"
#include "store/projectstore.h"

namespace spanforge::store {

namespace {

// The conditions shared by page() and count(). predictions_model
// (model_id, score) plus the primary key columns it carries walks spans in
// exactly the order the queue shows them.
const std::string kWhere =
    " WHERE p.model_id = :model AND p.score BETWEEN :min AND :max"
    " AND (:label IS NULL OR p.label_id = :label)"
    " AND (:status IS NULL OR d.status = :status)";

std::optional<int64_t> labelId(Database& db, const std::string& name) {
  Statement& st = db.cached("SELECT id FROM labels WHERE name = ?");
  st.bind(1, name);
  std::optional<int64_t> id;
  if (st.step()) id = st.columnInt64(0);
  st.reset();
  return id;
}

// Binds the filter; false when it cannot match anything.
bool bindFilter(Database& db, Statement& st, const ReviewFilter& f) {
  if (f.minScore > f.maxScore) return false;
  std::optional<int64_t> label;
  if (f.label && !(label = labelId(db, *f.label))) return false;
  st.bind(st.parameterIndex(":model"), f.modelId);
  st.bind(st.parameterIndex(":min"), f.minScore);
  st.bind(st.parameterIndex(":max"), f.maxScore);
  if (label) st.bind(st.parameterIndex(":label"), *label);
  if (f.status) st.bind(st.parameterIndex(":status"), static_cast<int>(*f.status));
  return true;
}

}  // namespace

ReviewQueue::ReviewQueue(ProjectStore& project) : db_(project.db()) {}

std::vector<ReviewItem> ReviewQueue::page(const ReviewFilter& filter, const ReviewCursor* after,
                                          int limit) {
  std::vector<ReviewItem> out;
  if (limit <= 0) return out;
  const std::string context = std::to_string(kContext);
  // substr() counts code points, the unit of span offsets.
  Statement& st = db_.cached(
      "SELECT p.document_id, p.start, p.\"end\", l.name, p.label_id, p.score, d.status,"
      " substr(d.text, max(1, p.start + 1 - " +
      context + "), min(p.start, " + context +
      ")),"
      " substr(d.text, p.start + 1, p.\"end\" - p.start),"
      " substr(d.text, p.\"end\" + 1, " +
      context +
      ")"
      " FROM predictions p JOIN documents d ON d.id = p.document_id"
      " JOIN labels l ON l.id = p.label_id" +
      kWhere +
      // Two statements rather than "(:after IS NULL OR ...)", which would
      // keep the row value from seeking the index.
      (after ? " AND (p.score, p.document_id, p.start, p.\"end\", p.label_id) >"
               " (:score, :doc, :start, :end, :labelId)"
             : "") +
      " ORDER BY p.score, p.document_id, p.start, p.\"end\", p.label_id LIMIT :limit");
  if (!bindFilter(db_, st, filter)) return out;
  if (after) {
    st.bind(st.parameterIndex(":score"), after->score);
    st.bind(st.parameterIndex(":doc"), after->documentId);
    st.bind(st.parameterIndex(":start"), after->start);
    st.bind(st.parameterIndex(":end"), after->end);
    st.bind(st.parameterIndex(":labelId"), after->labelId);
  }
  st.bind(st.parameterIndex(":limit"), limit);
  while (st.step()) {
    ReviewItem item;
    item.documentId = st.columnInt64(0);
    item.span = {st.columnInt64(1), st.columnInt64(2), st.columnText(3)};
    item.labelId = st.columnInt64(4);
    item.score = st.columnDouble(5);
    item.status = static_cast<text::DocStatus>(st.columnInt(6));
    item.before = st.columnText(7);
    item.text = st.columnText(8);
    item.after = st.columnText(9);
    out.push_back(std::move(item));
  }
  return out;
}

int64_t ReviewQueue::count(const ReviewFilter& filter) {
  Statement& st = db_.cached(
      "SELECT count(*) FROM predictions p JOIN documents d ON d.id = p.document_id" + kWhere);
  if (!bindFilter(db_, st, filter)) return 0;
  const int64_t n = st.step() ? st.columnInt64(0) : 0;
  st.reset();
  return n;
}

}  // namespace spanforge::store
