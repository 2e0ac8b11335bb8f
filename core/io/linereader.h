#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace spanforge::io {

// Reads a file line by line through a fixed-size buffer. A line longer than
// the limit is consumed to its end without being stored, so one huge line
// cannot exhaust memory. A long line that is within the limit is measured
// first and then read back in one piece: growing a string chunk by chunk
// leaves the allocator holding about twice the line. Throws InputError when
// the file cannot be opened.
class LineReader {
 public:
  enum class Result { Line, TooLong, End };

  LineReader(const std::string& path, int64_t maxLineBytes);

  // Next line without "\n" or "\r\n"; a UTF-8 byte-order mark starting the
  // file is dropped. TooLong: line holds only the start of the line.
  Result next(std::string& line);

  // 1-based number of the line last returned.
  int64_t lineNumber() const { return line_; }
  // Bytes consumed by the lines returned so far.
  int64_t bytesRead() const { return consumed_; }
  const std::string& path() const { return path_; }

  // True when s has nothing but ASCII whitespace.
  static bool isBlank(std::string_view s);
  // The file-name part of a path ("data/x.jsonl" -> "x.jsonl").
  static std::string fileName(const std::string& path);

 private:
  bool fill();
  void reread(int64_t offset, size_t length, std::string& line);

  struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  std::string path_;
  std::unique_ptr<std::FILE, Closer> file_;
  size_t maxLineBytes_;
  bool seekable_ = false;
  std::vector<char> buffer_;
  size_t pos_ = 0;
  size_t end_ = 0;
  bool started_ = false;
  int64_t line_ = 0;
  int64_t consumed_ = 0;
};

}  // namespace spanforge::io
