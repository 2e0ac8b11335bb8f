#include "project/recordstorer.h"

#include "project/recordchecker.h"
#include "store/projectstore.h"
#include "store/storeerror.h"

namespace spanforge::project {

RecordStorer::RecordStorer(store::ProjectStore& p, const ImportOptions& o, ImportReport& r)
    : project_(p), options_(o), report_(r) {
  for (const auto& l : p.labels().all()) known_.insert(l.name);
  allowNewLabels_ = o.addLabels || known_.empty();
}

void RecordStorer::store(const text::Document& doc, const std::string& file, int64_t line) {
  store::Transaction tx(project_.db());
  for (size_t i = 0; i < doc.spans.size(); ++i) ensureLabel(doc.spans[i].label, file, line, i);
  store::DocumentRepository::AddResult added;
  try {
    added = project_.documents().add(doc, options_.split, options_.annotator);
  } catch (const store::StorageError&) {
    throw;  // the project file or its disk failed, not this record
  } catch (const store::StoreError& e) {
    throw io::InputError(file, line, "", e.what());
  }
  if (!added.duplicate) storePredictions(doc, added.id);
  tx.commit();
  for (const auto& l : pendingLabels_) report_.labelsAdded.push_back(l);
  pendingLabels_.clear();
  (added.duplicate ? report_.duplicates : report_.imported) += 1;
}

void RecordStorer::forgetPending() {
  for (const auto& l : pendingLabels_) known_.erase(l);
  pendingLabels_.clear();
}

void RecordStorer::ensureLabel(const std::string& name, const std::string& file, int64_t line,
                               size_t i) {
  if (known_.count(name)) return;
  if (!allowNewLabels_) throw RecordChecker::unknownLabel(i, name, {name}, known_, file, line);
  try {
    project_.labels().add(name);
  } catch (const store::StorageError&) {
    throw;
  } catch (const store::StoreError& e) {  // a name the store refuses
    throw io::InputError(file, line, "spans[" + std::to_string(i) + "].label", e.what());
  }
  known_.insert(name);
  pendingLabels_.push_back(name);
}

void RecordStorer::storePredictions(const text::Document& doc, int64_t docId) {
  for (const auto& pred : doc.predictions) {
    std::vector<text::ScoredSpan> spans;
    for (const auto& s : pred.spans) {
      if (known_.count(s.span.label)) spans.push_back(s);
    }
    if (spans.empty()) continue;
    project_.predictions().set(docId, modelId(pred.model), spans);
  }
}

// Imported predictions are filed under a model record named after their source.
int64_t RecordStorer::modelId(const std::string& name) {
  const std::string full = "imported:" + (name.empty() ? std::string("unnamed") : name);
  auto it = models_.find(full);
  if (it != models_.end()) return it->second;
  for (const auto& m : project_.runs().models()) {
    if (m.name == full) return models_[full] = m.id;
  }
  store::ModelRecord m;
  m.name = full;
  return models_[full] = project_.runs().addModel(m);
}

}  // namespace spanforge::project
