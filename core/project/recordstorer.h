#pragma once

#include "project/importer.h"

#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace spanforge::project {

// Stores imported documents one at a time, each inside its own savepoint, so
// a refused record leaves no trace (not even a label it would have created).
class RecordStorer {
 public:
  RecordStorer(store::ProjectStore& p, const ImportOptions& o, ImportReport& r);

  // doc has been through RecordChecker::prepare. Throws InputError for a
  // record the store refuses, StorageError when SQLite fails.
  void store(const text::Document& doc, const std::string& file, int64_t line);
  // Drops the labels the last refused record would have created.
  void forgetPending();

 private:
  void ensureLabel(const std::string& name, const std::string& file, int64_t line, size_t i);
  void storePredictions(const text::Document& doc, int64_t docId);
  int64_t modelId(const std::string& name);

  store::ProjectStore& project_;
  const ImportOptions& options_;
  ImportReport& report_;
  std::set<std::string> known_;
  std::vector<std::string> pendingLabels_;
  std::map<std::string, int64_t> models_;
  bool allowNewLabels_ = false;
};

}  // namespace spanforge::project
