#pragma once

#include <cstdint>
#include <optional>
#include <string>

namespace spanforge::store {

// The first 100 bytes of a SQLite file, read without SQLite: enough to tell
// a file cut short (an interrupted copy or download) before SQLite opens it,
// which would otherwise fail only at the first query that reaches a missing
// page, or read the missing pages as empty ones.
class FileHeader {
 public:
  // Empty when the file is shorter than a header or not SQLite at all (the
  // caller's open reports those).
  static std::optional<FileHeader> read(const std::string& path);

  uint32_t pageSize() const { return pageSize_; }
  // 0 when the header does not record it (files from SQLite before 3.7.0).
  uint32_t pageCount() const { return pageCount_; }
  // The size the header records, or 0 when it records none.
  uint64_t recordedBytes() const { return uint64_t{pageSize_} * pageCount_; }

 private:
  uint32_t pageSize_ = 0;
  uint32_t pageCount_ = 0;
};

}  // namespace spanforge::store
