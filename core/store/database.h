#pragma once

#include "store/statement.h"

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

struct sqlite3;

namespace spanforge::store {

// RAII owner of one sqlite3 connection with foreign keys on, a busy timeout
// and synchronous=NORMAL. enableWal() switches the file to WAL so a second
// connection (another thread) can read while this one writes; ProjectStore calls
// it once it knows the file is a project (never on somebody else's file).
class Database {
 public:
  // ReadOnly: an existing file, never written; Immutable: read-only without
  // locks or a -shm file, for a project in a folder this user cannot write.
  enum class OpenMode { OpenOrCreate, ExistingOnly, ReadOnly, Immutable };

  // Throws StoreError naming the file when it cannot be opened or is not a
  // SQLite database.
  explicit Database(const std::string& path, OpenMode mode = OpenMode::OpenOrCreate);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  // Throws StorageError (store/storeerror.h) when SQLite fails.
  void exec(const std::string& sql);
  // How long a write waits for another connection's lock before failing
  // (default 5 s: the GUI must not freeze longer).
  void setBusyTimeout(int milliseconds);
  // True when SQLite opened the file read-only (the file is not writable).
  bool readOnly() const;
  Statement prepare(const std::string& sql);
  // A statement kept prepared for the life of the connection, reset and
  // unbound on every call: hot paths (an import of a million documents)
  // skip re-parsing. Don't use the same SQL twice at once.
  Statement& cached(const std::string& sql);
  int64_t lastInsertId() const;
  int changes() const;
  int userVersion();
  void setUserVersion(int v);
  // Returns the journal mode in effect afterwards ("wal" unless the file
  // system cannot do WAL).
  std::string enableWal();
  std::string journalMode();
  sqlite3* handle() const { return db_; }
  const std::string& path() const { return path_; }

  // Transaction nesting depth; see Transaction.
  int& depth() { return depth_; }
  // Work that must happen inside every outermost transaction just before it
  // commits (ProjectStore flushes the search index here).
  void onBeforeCommit(std::function<void()> fn) { beforeCommit_.push_back(std::move(fn)); }
  void runBeforeCommit();

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
  int depth_ = 0;
  std::unordered_map<std::string, std::unique_ptr<Statement>> cache_;
  std::vector<std::function<void()>> beforeCommit_;
};

// One user action = one transaction. Nested Transactions become savepoints,
// so a repository call inside an import joins the import's transaction.
// Destruction without commit() rolls back.
class Transaction {
 public:
  explicit Transaction(Database& db);
  ~Transaction();
  Transaction(const Transaction&) = delete;
  Transaction& operator=(const Transaction&) = delete;
  void commit();

 private:
  Database& db_;
  std::string savepoint_;
  bool done_ = false;
};

}  // namespace spanforge::store
