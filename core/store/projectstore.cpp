#include "store/projectstore.h"

#include "store/migrations.h"
#include "store/searchindex.h"
#include "store/storeerror.h"

#include <filesystem>

namespace spanforge::store {
namespace {

std::string quoted(const std::string& path) { return "\"" + path + "\""; }

void removeFiles(const std::string& path) {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix, ec);
}

}  // namespace

std::unique_ptr<ProjectStore> ProjectStore::create(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    throw StoreError("Cannot create the project " + quoted(path) +
                     ": a file with that name already exists.");
  }
  auto db = std::make_unique<Database>(path, Database::OpenMode::OpenOrCreate);
  try {
    db->enableWal();
    Migrations::migrate(*db);
  } catch (...) {
    db.reset();
    removeFiles(path);  // don't leave a half-made project behind
    throw;
  }
  return std::unique_ptr<ProjectStore>(new ProjectStore(path, std::move(db)));
}

std::unique_ptr<ProjectStore> ProjectStore::open(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    throw StoreError("Cannot open the project " + quoted(path) + ": the file does not exist.");
  }
  if (std::filesystem::is_directory(path, ec)) {
    throw StoreError("Cannot open the project " + quoted(path) + ": it is a folder, not a file.");
  }
  auto db = std::make_unique<Database>(path, Database::OpenMode::ExistingOnly);
  // Identify the file before changing anything in it (WAL rewrites the header).
  Migrations::checkCompatible(*db);
  db->enableWal();
  Migrations::migrate(*db);
  std::unique_ptr<ProjectStore> project(new ProjectStore(path, std::move(db)));
  // Texts queued by a writer that bypassed Transaction (or an old build)
  // become searchable now.
  if (SearchIndex(project->db()).hasPending()) {
    Transaction tx(project->db());
    tx.commit();  // the before-commit hook indexes the queue
  }
  return project;
}

ProjectStore::ProjectStore(std::string path, std::unique_ptr<Database> db)
    : path_(std::move(path)),
      db_(std::move(db)),
      labels_(std::make_unique<LabelRepository>(*db_)),
      documents_(std::make_unique<DocumentRepository>(*db_)),
      predictions_(std::make_unique<PredictionRepository>(*db_)),
      runs_(std::make_unique<RunRepository>(*db_)) {
  Database& database = *db_;
  SearchIndex(database).registerFunctions();
  database.onBeforeCommit([&database] { SearchIndex(database).flush(); });
}

ProjectStore::~ProjectStore() = default;

int ProjectStore::schemaVersion() const { return db_->userVersion(); }

void ProjectStore::setSpansAndPredictions(int64_t documentId,
                                          const std::optional<std::vector<text::Span>>& gold,
                                          int64_t modelId,
                                          const std::vector<text::ScoredSpan>& predictions) {
  Transaction tx(*db_);
  if (gold) documents_->setSpans(documentId, *gold);
  predictions_->set(documentId, modelId, predictions);
  tx.commit();
}

ProjectStore::RemovedLabel ProjectStore::removeLabel(const std::string& name) {
  Transaction tx(*db_);
  RemovedLabel removed;
  const auto label = labels_->find(name);
  if (!label) throw StoreError("There is no label named " + quoted(name) + ".");
  removed.label = *label;
  // Read what goes before it goes, inside the transaction, so that what
  // restoreLabel() puts back is exactly what the delete took.
  DocumentFilter filter;
  filter.label = name;
  documents_->forEach(filter, [&](const StoredDocument& d) {
    std::vector<text::Span> mine;
    for (const text::Span& s : d.doc.spans)
      if (s.label == name) mine.push_back(s);
    removed.spans.emplace_back(d.id, std::move(mine));
  });
  removed.spanCount = labels_->remove(label->id);
  tx.commit();
  return removed;
}

Label ProjectStore::restoreLabel(const RemovedLabel& removed) {
  Transaction tx(*db_);
  const Label& old = removed.label;
  Label label = labels_->add(old.name, old.color, old.hotkey);
  // add() picks a free hotkey for an empty one; the label had none.
  if (old.hotkey.empty() && !label.hotkey.empty()) {
    labels_->setHotkey(label.id, "");
    label.hotkey.clear();
  }
  for (const auto& [id, spans] : removed.spans) {
    const auto stored = documents_->get(id);
    if (!stored) continue;  // deleted since: nothing to restore
    std::vector<text::Span> all = stored->doc.spans;
    all.insert(all.end(), spans.begin(), spans.end());
    documents_->setSpans(id, all);
  }
  tx.commit();
  return label;
}

}  // namespace spanforge::store
