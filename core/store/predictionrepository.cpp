#include "store/predictionrepository.h"

#include "store/database.h"
#include "store/storeerror.h"

#include <cmath>

namespace spanforge::store {

void PredictionRepository::set(int64_t documentId, int64_t modelId,
                               const std::vector<text::ScoredSpan>& spans) {
  const std::string where = "document " + std::to_string(documentId);
  Transaction tx(db_);
  Statement& doc = db_.cached("SELECT length(text) FROM documents WHERE id = ?");
  doc.bind(1, documentId);
  if (!doc.step()) throw StoreError("There is no " + where + " in the project.");
  const int64_t length = doc.columnInt64(0);
  doc.reset();
  Statement& model = db_.cached("SELECT EXISTS (SELECT 1 FROM models WHERE id = ?)");
  model.bind(1, modelId);
  const bool modelExists = model.step() && model.columnInt(0) != 0;
  model.reset();
  if (!modelExists) throw StoreError("There is no model with id " + std::to_string(modelId) + ".");

  Statement& del = db_.cached("DELETE FROM predictions WHERE document_id = ? AND model_id = ?");
  del.bind(1, documentId);
  del.bind(2, modelId);
  del.step();
  Statement& mark =
      db_.cached("INSERT OR IGNORE INTO prediction_runs(document_id, model_id) VALUES (?, ?)");
  mark.bind(1, documentId);
  mark.bind(2, modelId);
  mark.step();
  for (const auto& p : spans) {
    const auto& s = p.span;
    const std::string range = "[" + std::to_string(s.start) + ", " + std::to_string(s.end) + ")";
    if (s.start < 0 || s.end <= s.start || s.end > length) {
      throw StoreError("Predicted span " + range + " \"" + s.label + "\" of " + where +
                       " lies outside the text or is empty.");
    }
    if (!std::isfinite(p.score)) {
      throw StoreError("Predicted span " + range + " of " + where + " has no valid score.");
    }
    Statement& label = db_.cached("SELECT id FROM labels WHERE name = ?");
    label.bind(1, s.label);
    if (!label.step()) {
      throw StoreError("Unknown label \"" + s.label + "\" on predicted span " + range + " of " +
                       where + ".");
    }
    const int64_t labelId = label.columnInt64(0);
    label.reset();
    // Predictions may overlap (alternatives); the same span twice keeps the
    // higher score.
    Statement& ins = db_.cached(
        "INSERT INTO predictions(document_id, model_id, start, \"end\", label_id, score)"
        " VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT(document_id, model_id, start, \"end\", label_id)"
        " DO UPDATE SET score = max(score, excluded.score)");
    ins.bind(1, documentId);
    ins.bind(2, modelId);
    ins.bind(3, s.start);
    ins.bind(4, s.end);
    ins.bind(5, labelId);
    ins.bind(6, p.score);
    ins.step();
  }
  tx.commit();
}

std::vector<text::ScoredSpan> PredictionRepository::get(int64_t documentId, int64_t modelId) {
  std::vector<text::ScoredSpan> spans;
  Statement& st = db_.cached(
      "SELECT p.start, p.\"end\", l.name, p.score FROM predictions p"
      " JOIN labels l ON l.id = p.label_id WHERE p.document_id = ? AND p.model_id = ?"
      " ORDER BY p.start, p.\"end\", l.name");
  st.bind(1, documentId);
  st.bind(2, modelId);
  while (st.step()) {
    spans.push_back({{st.columnInt64(0), st.columnInt64(1), st.columnText(2)}, st.columnDouble(3)});
  }
  return spans;
}

bool PredictionRepository::predicted(int64_t documentId, int64_t modelId) {
  Statement& st = db_.cached(
      "SELECT EXISTS (SELECT 1 FROM prediction_runs WHERE document_id = ? AND model_id = ?)");
  st.bind(1, documentId);
  st.bind(2, modelId);
  const bool found = st.step() && st.columnInt(0) != 0;
  st.reset();
  return found;
}

void PredictionRepository::clearModel(int64_t modelId) {
  Transaction tx(db_);
  Statement& st = db_.cached("DELETE FROM predictions WHERE model_id = ?");
  st.bind(1, modelId);
  st.step();
  tx.commit();
}

}  // namespace spanforge::store
