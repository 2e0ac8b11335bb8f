#pragma once

#include "store/statement.h"

#include <chrono>
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
//
// Every connection treats the file as data from someone else: defensive mode
// (no writable_schema, no writes to shadow tables), trusted_schema off (SQL in
// the file's schema may call only harmless functions and no virtual table), no
// load_extension, no ATTACH, no views, cell size checks and no memory mapping. The path is always
// a file name, never a URI SQLite would interpret ("file:x?mode=memory" is a
// file of that name).
class Database {
 public:
  // ReadOnly: an existing file, never written; Immutable: read-only without
  // locks or a -shm file, for a project in a folder this user cannot write;
  // Memory: a private in-memory database (path is ignored).
  enum class OpenMode { OpenOrCreate, ExistingOnly, ReadOnly, Immutable, Memory };

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
  // Bounds the time SQLite may spend in one call (one step of a statement, one
  // exec): past it the call is interrupted with a StorageError saying it took
  // longer than the limit (the file may be damaged or crafted). Zero (the
  // default after opening) means no limit: long imports and index rebuilds are
  // legitimate. The GUI's own connection uses kInteractiveTimeLimit.
  void setStatementTimeLimit(std::chrono::milliseconds limit);
  std::chrono::milliseconds statementTimeLimit() const { return timeLimit_; }
  // The bound on the checks made while a file is opened (reading its header and
  // schema), and the bound for a connection a user waits on (the GUI).
  static constexpr std::chrono::milliseconds kOpenCheckTimeLimit{10'000};
  static constexpr std::chrono::milliseconds kInteractiveTimeLimit{10'000};
  // Switches trusted_schema on. Only for a schema store::SchemaCheck has found
  // to be exactly what our migrations make: our own triggers keep the FTS5
  // index in step, and SQLite allows FTS5 (not marked innocuous) in a trigger
  // only with trusted_schema on. ProjectStore calls it for a writable project
  // after the check (and for one it created); everything else stays untrusted.
  void trustCheckedSchema();
  // A consistent copy of the whole database into a new file at path (SQLite's
  // backup API: it reads under one read lock and runs no SQL of the file's).
  // Throws StoreError when path exists or cannot be written.
  void backupTo(const std::string& path);
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
  void configure();
  static int onProgress(void* self);

  sqlite3* db_ = nullptr;
  std::string path_;
  int depth_ = 0;
  std::chrono::milliseconds timeLimit_{0};
  std::unordered_map<std::string, std::unique_ptr<Statement>> cache_;
  std::vector<std::function<void()>> beforeCommit_;
};

// Sets a connection's statement time limit for a scope and restores the
// previous one after it.
class StatementTimeLimit {
 public:
  StatementTimeLimit(Database& db, std::chrono::milliseconds limit);
  ~StatementTimeLimit();
  StatementTimeLimit(const StatementTimeLimit&) = delete;
  StatementTimeLimit& operator=(const StatementTimeLimit&) = delete;

 private:
  Database& db_;
  std::chrono::milliseconds previous_;
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
