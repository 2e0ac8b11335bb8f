#pragma once

#include <cstdint>
#include <string>

namespace spanforge::io {

// A file opened for reading that is known to be a plain file. Devices
// (/dev/zero), FIFOs, sockets and directories are refused before a byte is
// read, by fstat on the opened descriptor (no race with a swapped path); the
// open uses O_NONBLOCK so a FIFO without a writer cannot block it. Owns the
// descriptor until release().
class RegularFile {
 public:
  // Throws InputError naming the path and what it is ("is a FIFO, not a
  // regular file") or why it cannot be opened.
  explicit RegularFile(const std::string& path);
  ~RegularFile();
  RegularFile(const RegularFile&) = delete;
  RegularFile& operator=(const RegularFile&) = delete;

  int fd() const { return fd_; }
  // Hands the descriptor to the caller (e.g. gzdopen, fdopen), who closes it.
  int release();
  // Bytes in the file when it was opened.
  int64_t size() const { return size_; }
  const std::string& path() const { return path_; }

  // "a FIFO", "a directory", "a character device", ... for a st_mode.
  static std::string kindOf(unsigned mode);

 private:
  std::string path_;
  int fd_ = -1;
  int64_t size_ = 0;
};

}  // namespace spanforge::io
