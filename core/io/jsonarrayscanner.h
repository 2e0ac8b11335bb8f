#pragma once

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace spanforge::io {

// Walks a file holding one JSON array and hands out the text of its
// top-level elements one at a time, so a huge array is read in constant
// memory. It tracks only strings, escapes and bracket depth; each element is
// parsed separately by the caller. Like LineReader it stores a long element
// only after measuring it, in one allocation. Throws InputError when the
// file cannot be opened.
class JsonArrayScanner {
 public:
  JsonArrayScanner(const std::string& path, int64_t maxElementBytes);

  // The next element's text; false after the closing ']'. A structural
  // problem (truncated file, missing comma, element over the size limit)
  // throws InputError naming the line; the scanner has then moved past the
  // problem when it can, or stops (next() returns false) when it cannot.
  bool next(std::string& element);

  // Line where the element last returned (or refused) starts.
  int64_t elementLine() const { return elementLine_; }
  // Its 0-based index in the array.
  int64_t elementIndex() const { return elementIndex_ - 1; }
  int64_t bytesRead() const { return consumed_; }
  const std::string& path() const { return path_; }

 private:
  enum class State { Start, First, AfterComma, AfterElement, Done };

  int get();        // next byte, or -1 at the end of the file
  int skipSpace();  // next non-whitespace byte, or -1
  void scanElement(int first, std::string& element);
  void reread(int64_t offset, size_t length, std::string& element);
  [[noreturn]] void fail(int64_t line, const std::string& message, State next);
  void finishArray();

  struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  std::string path_;
  std::unique_ptr<std::FILE, Closer> file_;
  size_t maxElementBytes_;
  bool seekable_ = false;
  std::vector<char> buffer_;
  size_t pos_ = 0;
  size_t end_ = 0;
  bool started_ = false;
  int pending_ = -1;  // a byte read ahead and not yet used
  State state_ = State::Start;
  int64_t line_ = 1;      // line of the next byte
  int64_t charLine_ = 1;  // line of the byte get() returned last
  int64_t elementLine_ = 0;
  int64_t elementIndex_ = 0;
  int64_t consumed_ = 0;
};

}  // namespace spanforge::io
