#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

struct sqlite3;
struct sqlite3_stmt;

namespace spanforge::store {

// RAII owner of one prepared statement. bind() counts parameters from 1 (as
// SQLite does), column getters count from 0. Errors throw StoreError with
// SQLite's message and the database file.
class Statement {
 public:
  Statement(sqlite3* db, const std::string& sql);
  ~Statement();
  Statement(Statement&& other) noexcept;
  Statement& operator=(Statement&& other) noexcept;
  Statement(const Statement&) = delete;
  Statement& operator=(const Statement&) = delete;

  void bind(int index, int64_t value);
  void bind(int index, int value) { bind(index, static_cast<int64_t>(value)); }
  void bind(int index, double value);
  void bind(int index, std::string_view text);
  void bind(int index, const std::string& text) { bind(index, std::string_view(text)); }
  void bind(int index, const char* text) { bind(index, std::string_view(text)); }
  void bind(int index, const std::vector<uint8_t>& blob);
  void bind(int index, std::nullptr_t);
  void bind(int index, const std::optional<int64_t>& value);
  // 0 when the statement has no parameter of that name (":name").
  int parameterIndex(const char* name) const;

  // Runs one step: true when a row is ready, false when done.
  bool step();
  // Rewinds and clears the bindings so the statement can run again.
  void reset();

  int columnCount() const;
  bool isNull(int column) const;
  int64_t columnInt64(int column) const;
  int columnInt(int column) const;
  double columnDouble(int column) const;
  std::string columnText(int column) const;
  std::vector<uint8_t> columnBlob(int column) const;

  sqlite3_stmt* handle() const { return stmt_; }

 private:
  [[noreturn]] void fail(int rc) const;

  sqlite3* db_ = nullptr;
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace spanforge::store
