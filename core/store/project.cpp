#include "store/project.h"

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

std::unique_ptr<Project> Project::create(const std::string& path) {
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
  return std::unique_ptr<Project>(new Project(path, std::move(db)));
}

std::unique_ptr<Project> Project::open(const std::string& path) {
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
  std::unique_ptr<Project> project(new Project(path, std::move(db)));
  // Texts queued by a writer that bypassed Transaction (or an old build)
  // become searchable now.
  if (SearchIndex(project->db()).hasPending()) {
    Transaction tx(project->db());
    tx.commit();  // the before-commit hook indexes the queue
  }
  return project;
}

Project::Project(std::string path, std::unique_ptr<Database> db)
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

Project::~Project() = default;

int Project::schemaVersion() const { return db_->userVersion(); }

}  // namespace spanforge::store
