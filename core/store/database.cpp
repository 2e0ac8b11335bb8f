#include "store/database.h"

#include "store/sqliteerror.h"
#include "store/storeerror.h"

#include <sqlite3.h>

#include <cctype>

namespace spanforge::store {
namespace {

// How long a connection waits for another one's write lock before giving up.
constexpr int kBusyTimeoutMs = 5000;

std::string quoted(const std::string& path) { return "\"" + path + "\""; }

// SQLite's URI form of a path ("file:/a%20b.sfproj"), so that ?immutable=1 can
// follow it whatever characters the path holds.
std::string fileUri(const std::string& path) {
  static const char* hex = "0123456789ABCDEF";
  std::string uri = "file:";
  for (const unsigned char c : path) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
      uri += static_cast<char>(c);
    } else {
      uri += '%';
      uri += hex[c >> 4];
      uri += hex[c & 15];
    }
  }
  return uri;
}

}  // namespace

Database::Database(const std::string& path, OpenMode mode) : path_(path) {
  int flags = SQLITE_OPEN_READWRITE | (mode == OpenMode::OpenOrCreate ? SQLITE_OPEN_CREATE : 0);
  std::string name = path;
  if (mode == OpenMode::ReadOnly || mode == OpenMode::Immutable) flags = SQLITE_OPEN_READONLY;
  if (mode == OpenMode::Immutable) {
    // Without write access to the folder SQLite cannot make the -shm file a
    // WAL reader needs; immutable reads the file as it is, without locks.
    flags |= SQLITE_OPEN_URI;
    name = fileUri(path) + "?immutable=1";
  }
  int rc = sqlite3_open_v2(name.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) {
    const std::string msg = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw StoreError("Cannot open " + quoted(path) + ": " + msg + ".");
  }
  sqlite3_busy_timeout(db_, kBusyTimeoutMs);
  // Reading the schema reads the file header: this is where a file that is
  // not SQLite at all (or is damaged) shows itself.
  rc = sqlite3_exec(db_, "SELECT count(*) FROM sqlite_schema", nullptr, nullptr, nullptr);
  if (rc != SQLITE_OK) {
    const int code = sqlite3_errcode(db_);
    // Damaged, busy or unreadable: the same message as any later failure.
    StorageError error = sqliteError(db_, code, "cannot open it");
    sqlite3_close_v2(db_);
    db_ = nullptr;
    if (code == SQLITE_NOTADB) {
      throw StoreError(quoted(path) + " is not a Spanforge project (it is not a SQLite database).");
    }
    throw error;
  }
  try {
    // In WAL mode NORMAL never corrupts the file and loses nothing when the
    // application crashes (a power cut may drop the last commits). A 64 MB
    // page cache keeps bulk imports and the content-hash index off the disk.
    exec(
        "PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL; "
        "PRAGMA cache_size = -65536; PRAGMA temp_store = MEMORY;");
  } catch (...) {
    sqlite3_close_v2(db_);
    throw;
  }
}

Database::~Database() {
  cache_.clear();  // statements must be finalized before the connection closes
  sqlite3_close_v2(db_);
}

void Database::exec(const std::string& sql) {
  if (const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr); rc != SQLITE_OK) {
    throw sqliteError(db_, rc);
  }
}

void Database::setBusyTimeout(int milliseconds) { sqlite3_busy_timeout(db_, milliseconds); }

bool Database::readOnly() const { return sqlite3_db_readonly(db_, "main") == 1; }

Statement Database::prepare(const std::string& sql) { return Statement(db_, sql); }

Statement& Database::cached(const std::string& sql) {
  auto it = cache_.find(sql);
  if (it == cache_.end()) {
    it = cache_.emplace(sql, std::make_unique<Statement>(db_, sql)).first;
  } else {
    it->second->reset();
  }
  return *it->second;
}

int64_t Database::lastInsertId() const { return sqlite3_last_insert_rowid(db_); }

int Database::changes() const { return sqlite3_changes(db_); }

int Database::userVersion() {
  Statement st(db_, "PRAGMA user_version");
  return st.step() ? st.columnInt(0) : 0;
}

void Database::setUserVersion(int v) { exec("PRAGMA user_version = " + std::to_string(v)); }

std::string Database::enableWal() {
  Statement st(db_, "PRAGMA journal_mode = WAL");
  return st.step() ? st.columnText(0) : std::string();
}

std::string Database::journalMode() {
  Statement st(db_, "PRAGMA journal_mode");
  return st.step() ? st.columnText(0) : std::string();
}

void Database::runBeforeCommit() {
  for (const auto& fn : beforeCommit_) fn();
}

Transaction::Transaction(Database& db) : db_(db) {
  if (db_.depth() == 0) {
    // IMMEDIATE takes the write lock now, so the busy timeout applies here
    // instead of a deferred upgrade failing half-way through the action.
    db_.cached("BEGIN IMMEDIATE").step();
  } else {
    savepoint_ = "sf_" + std::to_string(db_.depth());
    db_.cached("SAVEPOINT " + savepoint_).step();
  }
  ++db_.depth();
}

Transaction::~Transaction() {
  if (done_) return;
  --db_.depth();
  try {
    // After some errors (disk full, I/O) SQLite has already rolled back the
    // whole transaction; there is nothing left to undo.
    if (sqlite3_get_autocommit(db_.handle())) return;
    if (savepoint_.empty()) {
      db_.exec("ROLLBACK");
    } else {
      db_.exec("ROLLBACK TO " + savepoint_ + "; RELEASE " + savepoint_);
    }
  } catch (...) {
    // A destructor must not throw; the outer transaction still rolls back.
  }
}

void Transaction::commit() {
  if (done_) return;
  if (savepoint_.empty()) {
    db_.runBeforeCommit();
    db_.cached("COMMIT").step();
  } else {
    db_.cached("RELEASE " + savepoint_).step();
  }
  done_ = true;
  --db_.depth();
}

}  // namespace spanforge::store
