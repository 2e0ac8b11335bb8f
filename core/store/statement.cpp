#include "store/statement.h"

#include "store/sqliteerror.h"
#include "store/steptimer.h"

#include <sqlite3.h>

#include <utility>

namespace spanforge::store {

Statement::Statement(sqlite3* db, const std::string& sql) : db_(db) {
  StepTimer timer;  // preparing may read and parse the file's schema
  const int rc =
      sqlite3_prepare_v2(db, sql.c_str(), static_cast<int>(sql.size() + 1), &stmt_, nullptr);
  if (rc != SQLITE_OK) {
    StorageError error = sqliteError(db, rc, "cannot prepare statement (" + sql + ")");
    sqlite3_finalize(stmt_);
    stmt_ = nullptr;
    throw error;
  }
}

Statement::~Statement() { sqlite3_finalize(stmt_); }

Statement::Statement(Statement&& other) noexcept
    : db_(other.db_), stmt_(std::exchange(other.stmt_, nullptr)) {}

Statement& Statement::operator=(Statement&& other) noexcept {
  if (this != &other) {
    sqlite3_finalize(stmt_);
    db_ = other.db_;
    stmt_ = std::exchange(other.stmt_, nullptr);
  }
  return *this;
}

void Statement::fail(int rc) const { throw sqliteError(db_, rc); }

void Statement::bind(int index, int64_t value) {
  if (const int rc = sqlite3_bind_int64(stmt_, index, value); rc != SQLITE_OK) fail(rc);
}

void Statement::bind(int index, double value) {
  if (const int rc = sqlite3_bind_double(stmt_, index, value); rc != SQLITE_OK) fail(rc);
}

void Statement::bind(int index, std::string_view text) {
  // A null data pointer would bind NULL; an empty text must stay ''.
  const char* data = text.data() ? text.data() : "";
  const int rc =
      sqlite3_bind_text64(stmt_, index, data, text.size(), SQLITE_TRANSIENT, SQLITE_UTF8);
  if (rc != SQLITE_OK) fail(rc);
}

void Statement::bind(int index, const std::vector<uint8_t>& blob) {
  // A zero-length blob must still bind as a blob, not NULL: data() may be null.
  static const uint8_t kEmpty = 0;
  const void* data = blob.empty() ? &kEmpty : blob.data();
  const int rc = sqlite3_bind_blob64(stmt_, index, data, blob.size(), SQLITE_TRANSIENT);
  if (rc != SQLITE_OK) fail(rc);
}

void Statement::bind(int index, std::nullptr_t) {
  if (const int rc = sqlite3_bind_null(stmt_, index); rc != SQLITE_OK) fail(rc);
}

void Statement::bind(int index, const std::optional<int64_t>& value) {
  if (value) {
    bind(index, *value);
  } else {
    bind(index, nullptr);
  }
}

int Statement::parameterIndex(const char* name) const {
  return sqlite3_bind_parameter_index(stmt_, name);
}

bool Statement::step() {
  int rc = 0;
  {
    StepTimer timer;
    rc = sqlite3_step(stmt_);
  }
  if (rc == SQLITE_ROW) return true;
  if (rc == SQLITE_DONE) return false;
  // Read the message before reset() so it describes this failure; reset so
  // the statement releases its locks even if the caller never reuses it.
  StorageError error = sqliteError(db_, rc);
  sqlite3_reset(stmt_);
  throw error;
}

void Statement::reset() {
  sqlite3_reset(stmt_);
  sqlite3_clear_bindings(stmt_);
}

int Statement::columnCount() const { return sqlite3_column_count(stmt_); }

bool Statement::isNull(int column) const {
  return sqlite3_column_type(stmt_, column) == SQLITE_NULL;
}

int64_t Statement::columnInt64(int column) const { return sqlite3_column_int64(stmt_, column); }

int Statement::columnInt(int column) const { return sqlite3_column_int(stmt_, column); }

double Statement::columnDouble(int column) const { return sqlite3_column_double(stmt_, column); }

std::string Statement::columnText(int column) const {
  const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, column));
  return p ? std::string(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, column)))
           : std::string();
}

std::vector<uint8_t> Statement::columnBlob(int column) const {
  const auto* p = static_cast<const uint8_t*>(sqlite3_column_blob(stmt_, column));
  const int n = sqlite3_column_bytes(stmt_, column);
  return p ? std::vector<uint8_t>(p, p + n) : std::vector<uint8_t>();
}

}  // namespace spanforge::store
