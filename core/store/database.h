#pragma once

#include <cstdint>
#include <memory>
#include <string>

struct sqlite3;

namespace spanforge::store {

class Statement;

// RAII owner of one sqlite3 connection. Opens in WAL mode with foreign keys on
// and a busy timeout, so a second connection (another thread) can read while
// this one writes.
class Database {
 public:
  explicit Database(const std::string& path);
  ~Database();
  Database(const Database&) = delete;
  Database& operator=(const Database&) = delete;

  void exec(const std::string& sql);
  Statement prepare(const std::string& sql);
  int64_t lastInsertId() const;
  int changes() const;
  int userVersion();
  void setUserVersion(int v);
  sqlite3* handle() const { return db_; }
  const std::string& path() const { return path_; }

  // Transaction nesting depth; see Transaction.
  int& depth() { return depth_; }

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
  int depth_ = 0;
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
