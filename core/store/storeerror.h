#pragma once

#include <stdexcept>
#include <string>

namespace spanforge::store {

// Thrown for anything the store refuses or cannot do; what() is a message a
// user can read (it names the file, document or label involved).
class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// SQLite itself failed (busy, read-only, disk full, I/O, corruption): a
// problem with the project file or its disk, never with the data being
// stored, so an importer must not blame the record it was writing.
class StorageError : public StoreError {
 public:
  StorageError(const std::string& message, int code) : StoreError(message), code_(code) {}
  // SQLite's primary result code (SQLITE_BUSY, SQLITE_READONLY, SQLITE_FULL, ...).
  int code() const { return code_; }

 private:
  int code_;
};

}  // namespace spanforge::store
