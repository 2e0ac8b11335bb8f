#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace spanforge::model {

// A regular file mapped read-only into memory (POSIX mmap), unmapped by the
// destructor. Devices, FIFOs, sockets and directories are refused before
// anything is read: opening never blocks (O_NONBLOCK) and the type comes from
// fstat of the opened descriptor, so a file swapped in between is not read.
class MappedFile {
 public:
  // Throws SafetensorsError naming the path when the file cannot be opened,
  // is not a regular file, or cannot be mapped.
  explicit MappedFile(std::string path);
  ~MappedFile();
  MappedFile(const MappedFile&) = delete;
  MappedFile& operator=(const MappedFile&) = delete;
  MappedFile(MappedFile&& other) noexcept;
  MappedFile& operator=(MappedFile&& other) noexcept;

  const std::string& path() const { return path_; }
  // nullptr for an empty file.
  const uint8_t* data() const { return data_; }
  size_t size() const { return size_; }

 private:
  void release() noexcept;

  std::string path_;
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
};

}  // namespace spanforge::model
