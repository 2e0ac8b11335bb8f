#pragma once

#include "store/database.h"
#include "store/documentrepository.h"
#include "store/labelrepository.h"
#include "store/predictionrepository.h"
#include "store/runrepository.h"

#include <memory>
#include <string>

namespace spanforge::store {

// One project = one SQLite file (WAL, foreign keys on, schema version in
// PRAGMA user_version). A Project is one connection: use it from one thread;
// background work opens its own Project on the same path.
class Project {
 public:
  // Creates a new, empty project file; throws StoreError if it exists.
  static std::unique_ptr<Project> create(const std::string& path);
  // Opens an existing project, migrating it forward; throws StoreError for a
  // missing file, a file that is not a project, or one from a newer version.
  static std::unique_ptr<Project> open(const std::string& path);
  ~Project();

  const std::string& path() const { return path_; }
  int schemaVersion() const;

  Database& db() { return *db_; }
  LabelRepository& labels() { return *labels_; }
  DocumentRepository& documents() { return *documents_; }
  PredictionRepository& predictions() { return *predictions_; }
  RunRepository& runs() { return *runs_; }

 private:
  Project(std::string path, std::unique_ptr<Database> db);

  std::string path_;
  std::unique_ptr<Database> db_;
  std::unique_ptr<LabelRepository> labels_;
  std::unique_ptr<DocumentRepository> documents_;
  std::unique_ptr<PredictionRepository> predictions_;
  std::unique_ptr<RunRepository> runs_;
};

}  // namespace spanforge::store
