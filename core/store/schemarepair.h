#pragma once

#include "store/schemacheck.h"

#include <ctime>
#include <memory>
#include <string>
#include <vector>

namespace spanforge::store {

class Database;

// What "spanforge-cli repair" does to a project that SchemaCheck refuses: a
// backup copy first, then, in one transaction, drops every foreign trigger,
// view, index and table, puts back our own triggers and indexes where they were
// changed or removed, and checks the schema again. A changed or missing table
// of ours cannot be put back without its data: that is reported, not guessed.
class SchemaRepair {
 public:
  struct Action {
    SchemaCheck::Finding finding;
    bool done = false;
    std::string what;  // "dropped", "restored", or why it cannot be done
  };
  struct Result {
    std::string backupPath;
    std::vector<Action> actions;
    // What SchemaCheck still finds afterwards (empty: the project opens).
    std::vector<SchemaCheck::Finding> remaining;
  };

  // Opens the project without running anything of its schema; throws
  // StoreError for a file that is not a Spanforge project (or a newer one).
  explicit SchemaRepair(const std::string& path);
  ~SchemaRepair();
  SchemaRepair(const SchemaRepair&) = delete;
  SchemaRepair& operator=(const SchemaRepair&) = delete;

  const std::vector<SchemaCheck::Finding>& findings() const { return findings_; }
  // Backs up to backupName(path, now) and repairs. Nothing is changed when the
  // backup fails.
  Result run(std::time_t now);
  // "PROJECT.bak-YYYYmmdd-HHMMSS" (local time), with "-2", "-3"... when taken.
  static std::string backupName(const std::string& path, std::time_t now);

 private:
  std::string path_;
  std::unique_ptr<Database> db_;
  std::vector<SchemaCheck::Finding> findings_;
};

}  // namespace spanforge::store
