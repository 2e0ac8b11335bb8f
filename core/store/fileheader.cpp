#include "store/fileheader.h"

#include <cstring>
#include <fstream>

namespace spanforge::store {
namespace {

uint32_t bigEndian(const unsigned char* p, int bytes) {
  uint32_t value = 0;
  for (int i = 0; i < bytes; ++i) value = (value << 8) | p[i];
  return value;
}

}  // namespace

std::optional<FileHeader> FileHeader::read(const std::string& path) {
  // Layout: https://www.sqlite.org/fileformat.html#the_database_header
  unsigned char raw[100];
  std::ifstream in(path, std::ios::binary);
  if (!in.read(reinterpret_cast<char*>(raw), sizeof raw)) return std::nullopt;
  if (std::memcmp(raw, "SQLite format 3", 16) != 0) return std::nullopt;
  FileHeader header;
  const uint32_t size = bigEndian(raw + 16, 2);
  header.pageSize_ = size == 1 ? 65536 : size;
  // The page count is valid only when the change counter matches the
  // "version valid for" number; otherwise SQLite goes by the file's size.
  if (bigEndian(raw + 24, 4) == bigEndian(raw + 92, 4)) header.pageCount_ = bigEndian(raw + 28, 4);
  return header;
}

}  // namespace spanforge::store
