#include "store/database.h"

#include "store/quotedpath.h"
#include "store/sqliteerror.h"
#include "store/steptimer.h"
#include "store/storeerror.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cctype>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace spanforge::store {
namespace {

// How long a connection waits for another one's write lock before giving up.
constexpr int kBusyTimeoutMs = 5000;

// How many virtual machine instructions run between two looks at the clock.
constexpr int kProgressInstructions = 10000;

// SQLite's URI form of a path ("file:/a%20b.sfproj"), so that ?immutable=1 can
// follow it whatever characters the path holds, and so that a path that looks
// like a URI ("file:x?mode=memory") still names a file. An absolute path gets an
// empty authority ("file:///a"), so "//a" is not read as a host.
std::string fileUri(const std::string& path) {
  static const char* hex = "0123456789ABCDEF";
  std::string uri = path.empty() || path[0] != '/' ? "file:" : "file://";
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
  if (mode == OpenMode::ReadOnly || mode == OpenMode::Immutable) flags = SQLITE_OPEN_READONLY;
  // Always a URI we made: SQLite never interprets the user's path itself.
  flags |= SQLITE_OPEN_URI;
  std::string name = fileUri(path);
  if (mode == OpenMode::Immutable) {
    // Without write access to the folder SQLite cannot make the -shm file a
    // WAL reader needs; immutable reads the file as it is, without locks.
    name += "?immutable=1";
  }
  if (mode == OpenMode::Memory) {
    flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_MEMORY;
    name = ":memory:";
  }
  int rc = sqlite3_open_v2(name.c_str(), &db_, flags, nullptr);
  if (rc != SQLITE_OK) {
    const std::string msg = db_ ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw StoreError("Cannot open " + quotedPath(path) + ": " + msg + ".");
  }
  sqlite3_busy_timeout(db_, kBusyTimeoutMs);
  configure();
  // Reading the schema reads the file header: this is where a file that is
  // not SQLite at all (or is damaged) shows itself.
  setStatementTimeLimit(kOpenCheckTimeLimit);
  {
    StepTimer timer;
    rc = sqlite3_exec(db_, "SELECT count(*) FROM sqlite_schema", nullptr, nullptr, nullptr);
  }
  if (rc != SQLITE_OK) {
    const int code = sqlite3_errcode(db_);
    // Damaged, busy or unreadable: the same message as any later failure.
    StorageError error = sqliteError(db_, code, "cannot open it");
    sqlite3_close_v2(db_);
    db_ = nullptr;
    if (code == SQLITE_NOTADB) {
      throw StoreError(quotedPath(path) +
                       " is not a Spanforge project (it is not a SQLite database).");
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
  setStatementTimeLimit(std::chrono::milliseconds(0));
}

void Database::configure() {
  // SQLite's advice for database files from untrusted sources
  // (https://www.sqlite.org/security.html): the schema is data, not code.
  struct Setting {
    int option;
    int value;
    const char* what;
  };
  const Setting settings[] = {
      {SQLITE_DBCONFIG_DEFENSIVE, 1, "defensive mode"},
      {SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0, "trusted_schema off"},
      {SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0, "no load_extension"},
      {SQLITE_DBCONFIG_ENABLE_VIEW, 0, "no views"},
  };
  for (const Setting& s : settings) {
    int now = -1;
    if (sqlite3_db_config(db_, s.option, s.value, &now) != SQLITE_OK || now != s.value) {
      sqlite3_close_v2(db_);
      db_ = nullptr;
      throw StoreError("Cannot open " + quotedPath(path_) + ": SQLite refused " + s.what + ".");
    }
  }
  sqlite3_limit(db_, SQLITE_LIMIT_ATTACHED, 0);
  // No mapping of the file into memory: a damaged or crafted file is read
  // through checked reads; cell_size_check finds bad b-tree cells early.
  if (sqlite3_exec(db_, "PRAGMA mmap_size = 0; PRAGMA cell_size_check = ON", nullptr, nullptr,
                   nullptr) != SQLITE_OK) {
    StorageError error = sqliteError(db_, sqlite3_errcode(db_), "cannot open it");
    sqlite3_close_v2(db_);
    db_ = nullptr;
    throw error;
  }
}

int Database::onProgress(void* self) {
  const auto limit = static_cast<Database*>(self)->timeLimit_;
  if (!StepTimer::exceeded(limit)) return 0;
  StepTimer::noteInterrupt(limit);
  return 1;
}

void Database::setStatementTimeLimit(std::chrono::milliseconds limit) {
  timeLimit_ = limit;
  if (limit.count() > 0) {
    sqlite3_progress_handler(db_, kProgressInstructions, &Database::onProgress, this);
  } else {
    sqlite3_progress_handler(db_, 0, nullptr, nullptr);
  }
}

Database::~Database() {
  cache_.clear();  // statements must be finalized before the connection closes
  sqlite3_close_v2(db_);
}

void Database::exec(const std::string& sql) {
  StepTimer timer;
  if (const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr); rc != SQLITE_OK) {
    throw sqliteError(db_, rc);
  }
}

void Database::trustCheckedSchema() {
  int now = -1;
  if (sqlite3_db_config(db_, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 1, &now) != SQLITE_OK || now != 1) {
    throw StoreError("Cannot open " + quotedPath(path_) + ": SQLite refused trusted_schema.");
  }
}

void Database::backupTo(const std::string& path) {
  std::error_code ec;
  // Created here, exclusively and without following a link: an existing name
  // of any kind (a dangling symbolic link included, which would send the
  // backup wherever it points) is refused, so SQLite opens only our new file.
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) {
    const int err = errno;
    throw StoreError("Cannot back up " + quotedPath(path_) + " to " + quotedPath(path) + ": " +
                     (err == EEXIST || err == ELOOP ? std::string("that name already exists")
                                                    : std::string(std::strerror(err))) +
                     ".");
  }
  ::close(fd);
  Database copy(path, OpenMode::OpenOrCreate);
  sqlite3_backup* backup = sqlite3_backup_init(copy.handle(), "main", db_, "main");
  if (!backup) throw sqliteError(copy.handle(), sqlite3_errcode(copy.handle()), "cannot back up");
  const int rc = sqlite3_backup_step(backup, -1);
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) {
    StorageError error = sqliteError(copy.handle(), rc, "cannot write the backup");
    std::filesystem::remove(path, ec);
    throw error;
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

StatementTimeLimit::StatementTimeLimit(Database& db, std::chrono::milliseconds limit)
    : db_(db), previous_(db.statementTimeLimit()) {
  db_.setStatementTimeLimit(limit);
}

StatementTimeLimit::~StatementTimeLimit() { db_.setStatementTimeLimit(previous_); }

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
