#pragma once

#include <nlohmann/json.hpp>

#include <chrono>
#include <string>

namespace spanforge::killharness {

// Appends one JSON object per line, stamped with "ms" since the writer was
// made. A line is in the file (the page cache) when write() returns, which is
// all a SIGKILL needs; `sync` also fsyncs it.
class JournalWriter {
 public:
  // Throws std::runtime_error when the file cannot be opened.
  explicit JournalWriter(const std::string& path);
  ~JournalWriter();
  JournalWriter(const JournalWriter&) = delete;
  JournalWriter& operator=(const JournalWriter&) = delete;

  void write(const nlohmann::json& line, bool sync = true);

 private:
  int fd_ = -1;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
};

}  // namespace spanforge::killharness
