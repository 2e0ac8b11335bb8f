#include "store/decisionrepository.h"

#include "store/database.h"

namespace spanforge::store {

void DecisionRepository::reject(int64_t documentId, const text::Span& span) {
  Statement& st = db_.cached(
      "INSERT OR IGNORE INTO rejected_spans(document_id, start, \"end\", label_id)"
      " SELECT ?, ?, ?, id FROM labels WHERE name = ?");
  st.bind(1, documentId);
  st.bind(2, span.start);
  st.bind(3, span.end);
  st.bind(4, span.label);
  st.step();
  st.reset();
}

void DecisionRepository::unreject(int64_t documentId, const text::Span& span) {
  Statement& st = db_.cached(
      "DELETE FROM rejected_spans WHERE document_id = ? AND start = ? AND \"end\" = ? AND"
      " label_id = (SELECT id FROM labels WHERE name = ?)");
  st.bind(1, documentId);
  st.bind(2, span.start);
  st.bind(3, span.end);
  st.bind(4, span.label);
  st.step();
  st.reset();
}

std::vector<text::Span> DecisionRepository::rejected(int64_t documentId) {
  Statement& st = db_.cached(
      "SELECT r.start, r.\"end\", l.name FROM rejected_spans r JOIN labels l ON l.id = r.label_id"
      " WHERE r.document_id = ? ORDER BY r.start, r.\"end\", l.name");
  st.bind(1, documentId);
  std::vector<text::Span> out;
  while (st.step()) out.push_back({st.columnInt64(0), st.columnInt64(1), st.columnText(2)});
  st.reset();
  return out;
}

}  // namespace spanforge::store
