#include "store/projectstore.h"

#include "store/fileheader.h"
#include "store/migrations.h"
#include "store/quotedpath.h"
#include "store/schemacheck.h"
#include "store/searchindex.h"
#include "store/storeerror.h"

#include <unistd.h>

#include <filesystem>

namespace spanforge::store {
namespace {

void removeFiles(const std::string& path) {
  std::error_code ec;
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(path + suffix, ec);
}

bool writable(const std::filesystem::path& p) { return ::access(p.c_str(), W_OK) == 0; }

std::filesystem::path folderOf(const std::string& path) {
  const auto parent = std::filesystem::path(path).parent_path();
  return parent.empty() ? std::filesystem::path(".") : parent;
}

// Where a project cannot be changed, say why before SQLite fails half-way.
void requireWritable(const std::string& path) {
  if (!writable(path)) {
    throw StoreError("Cannot change the project " + quotedPath(path) +
                     ": the file is read-only (make it writable, e.g. chmod u+w, or work on a "
                     "copy).");
  }
  if (!writable(folderOf(path))) {
    throw StoreError("Cannot change the project " + quotedPath(path) + ": its folder " +
                     quotedPath(folderOf(path).string()) +
                     " is read-only, and SQLite keeps its journal (-wal, -shm) beside the "
                     "project. Move the project to a folder you can write to.");
  }
}

// A 0-byte file would silently become a new project; it is someone's file.
void refuseEmptyFile(const std::string& path) {
  std::error_code ec;
  const auto size = std::filesystem::file_size(path, ec);
  const auto walSize = std::filesystem::file_size(path + "-wal", ec);
  if (size == 0 && (ec || walSize == 0)) {
    throw StoreError("Cannot open the project " + quotedPath(path) +
                     ": the file is empty (0 bytes), so it is not a Spanforge project (if "
                     "creating it was interrupted, delete it and create the project again).");
  }
}

// A file shorter than its header says was cut short (an interrupted copy or
// download). Checked only without a pending WAL: a checkpoint a crash
// interrupted may leave the file short until the WAL is replayed.
void refuseTruncated(const std::string& path) {
  std::error_code ec;
  const auto walSize = std::filesystem::file_size(path + "-wal", ec);
  if (!ec && walSize > 0) return;
  const auto header = FileHeader::read(path);
  const auto size = std::filesystem::file_size(path, ec);
  if (!header || ec || header->recordedBytes() == 0 || size >= header->recordedBytes()) return;
  throw StoreError("Cannot open the project " + quotedPath(path) + ": the file is truncated (" +
                   std::to_string(size) + " bytes of the " +
                   std::to_string(header->recordedBytes()) +
                   " its header records), perhaps by an interrupted copy or download. Copy "
                   "it again or restore it from a backup; the file was left as it is.");
}

}  // namespace

std::unique_ptr<ProjectStore> ProjectStore::create(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::exists(path, ec)) {
    throw StoreError("Cannot create the project " + quotedPath(path) +
                     ": a file with that name already exists.");
  }
  auto db = std::make_unique<Database>(path, Database::OpenMode::OpenOrCreate);
  try {
    db->enableWal();
    Migrations::migrate(*db);
    db->trustCheckedSchema();  // ours: just made
  } catch (...) {
    db.reset();
    removeFiles(path);  // don't leave a half-made project behind
    throw;
  }
  return std::unique_ptr<ProjectStore>(new ProjectStore(path, std::move(db)));
}

std::unique_ptr<ProjectStore> ProjectStore::open(const std::string& path, Access access) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) {
    throw StoreError("Cannot open the project " + quotedPath(path) + ": the file does not exist.");
  }
  if (std::filesystem::is_directory(path, ec)) {
    throw StoreError("Cannot open the project " + quotedPath(path) +
                     ": it is a folder, not a file.");
  }
  refuseEmptyFile(path);
  refuseTruncated(path);
  const bool canWrite = writable(path) && writable(folderOf(path));
  if (access == Access::ReadWrite) requireWritable(path);
  if (!canWrite) return openReadOnly(path);
  auto db = std::make_unique<Database>(path, Database::OpenMode::ExistingOnly);
  // Identify the file before changing anything in it (WAL rewrites the header),
  // and refuse SQL someone else put in it before anything could run it.
  Migrations::checkCompatible(*db, false);
  SchemaCheck::require(*db);
  db->trustCheckedSchema();
  db->enableWal();
  Migrations::migrate(*db);
  std::unique_ptr<ProjectStore> project(new ProjectStore(path, std::move(db)));
  // Texts queued by a writer that bypassed Transaction (or an old build)
  // become searchable now.
  if (SearchIndex(project->db()).hasPending()) {
    Transaction tx(project->db());
    tx.commit();  // the before-commit hook indexes the queue
  }
  try {
    project->runs().closeAbandoned();
  } catch (const StorageError&) {
    // Busy with another writer: the next open closes them.
  }
  return project;
}

std::unique_ptr<ProjectStore> ProjectStore::openReadOnly(const std::string& path) {
  // In a read-only folder a WAL reader cannot create the -shm file it needs.
  std::error_code ec;
  const bool shmThere = std::filesystem::exists(path + "-shm", ec);
  const auto mode = writable(folderOf(path)) || shmThere ? Database::OpenMode::ReadOnly
                                                         : Database::OpenMode::Immutable;
  auto db = std::make_unique<Database>(path, mode);
  Migrations::checkCompatible(*db, false);
  SchemaCheck::require(*db);
  if (db->userVersion() < Migrations::latestVersion()) {
    throw StoreError("Cannot open the project " + quotedPath(path) +
                     " read-only: it was saved by an older Spanforge and must be upgraded, "
                     "which needs write access to the file and its folder.");
  }
  return std::unique_ptr<ProjectStore>(new ProjectStore(path, std::move(db)));
}

ProjectStore::ProjectStore(std::string path, std::unique_ptr<Database> db)
    : path_(std::move(path)),
      db_(std::move(db)),
      labels_(std::make_unique<LabelRepository>(*db_)),
      documents_(std::make_unique<DocumentRepository>(*db_)),
      predictions_(std::make_unique<PredictionRepository>(*db_)),
      patterns_(std::make_unique<PatternRepository>(*db_)),
      runs_(std::make_unique<RunRepository>(*db_)),
      decisions_(std::make_unique<DecisionRepository>(*db_)) {
  Database& database = *db_;
  SearchIndex(database).registerFunctions();
  database.onBeforeCommit([&database] { SearchIndex(database).flush(); });
}

ProjectStore::~ProjectStore() = default;

int ProjectStore::schemaVersion() const { return db_->userVersion(); }

void ProjectStore::setStatementTimeLimit(std::chrono::milliseconds limit) {
  db_->setStatementTimeLimit(limit);
}

void ProjectStore::setSpansAndPredictions(int64_t documentId,
                                          const std::optional<std::vector<text::Span>>& gold,
                                          int64_t modelId,
                                          const std::vector<text::ScoredSpan>& predictions,
                                          const MatchStates& matchStates,
                                          const Decisions& decided) {
  Transaction tx(*db_);
  if (gold) documents_->setSpans(documentId, *gold);
  if (modelId) predictions_->set(documentId, modelId, predictions);
  for (const auto& [match, state] : matchStates)
    if (!patterns_->setState(match, state))
      throw StoreError("The pattern match is no longer in the document.");
  for (const text::Span& s : decided.spans)
    decided.reject ? decisions_->reject(documentId, s) : decisions_->unreject(documentId, s);
  tx.commit();
}

ProjectStore::RemovedLabel ProjectStore::removeLabel(const std::string& name) {
  Transaction tx(*db_);
  RemovedLabel removed;
  const auto label = labels_->find(name);
  if (!label) throw StoreError("There is no label named " + quotedPath(name) + ".");
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
