#include "io/jsonarrayscanner.h"

#include "io/inputerror.h"

#include <algorithm>
#include <cerrno>
#include <cstring>

namespace spanforge::io {
namespace {
constexpr size_t kScanBufferBytes = 64 * 1024;
constexpr size_t kScanInlineBytes = 64 * 1024;  // longer elements are measured, then read back

bool isJsonSpace(int c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

std::string shown(int c) {
  if (c >= 0x20 && c < 0x7F) return std::string("'") + static_cast<char>(c) + "'";
  return "byte " + std::to_string(c);
}
}  // namespace

JsonArrayScanner::JsonArrayScanner(const std::string& path, int64_t maxElementBytes)
    : path_(path),
      file_(std::fopen(path.c_str(), "rb")),
      maxElementBytes_(static_cast<size_t>(maxElementBytes > 0 ? maxElementBytes : 1)),
      buffer_(kScanBufferBytes) {
  if (!file_) throw InputError(path, 0, "", std::string("cannot open: ") + std::strerror(errno));
  seekable_ = std::fseek(file_.get(), 0, SEEK_CUR) == 0;  // false for pipes
}

int JsonArrayScanner::get() {
  if (pending_ >= 0) {
    const int c = pending_;
    pending_ = -1;
    return c;
  }
  if (pos_ == end_) {
    end_ = std::fread(buffer_.data(), 1, buffer_.size(), file_.get());
    pos_ = 0;
    if (end_ == 0) {
      if (std::ferror(file_.get())) {
        state_ = State::Done;
        throw InputError(path_, line_, "", std::string("read error: ") + std::strerror(errno));
      }
      return -1;
    }
    if (!started_) {
      started_ = true;
      if (end_ >= 3 && std::memcmp(buffer_.data(), "\xEF\xBB\xBF", 3) == 0) {
        pos_ = 3;  // UTF-8 byte-order mark
        consumed_ += 3;
        if (pos_ == end_) return get();
      }
    }
  }
  const int c = static_cast<unsigned char>(buffer_[pos_++]);
  ++consumed_;
  charLine_ = line_;
  if (c == '\n') ++line_;
  return c;
}

int JsonArrayScanner::skipSpace() {
  int c = get();
  while (isJsonSpace(c)) c = get();
  return c;
}

void JsonArrayScanner::fail(int64_t line, const std::string& message, State next) {
  state_ = next;
  throw InputError(path_, line, "", message);
}

void JsonArrayScanner::finishArray() {
  state_ = State::Done;
  const int c = skipSpace();
  if (c >= 0) fail(charLine_, "unexpected " + shown(c) + " after the closing ']'", State::Done);
}

bool JsonArrayScanner::next(std::string& element) {
  for (;;) {
    int c = -1;
    switch (state_) {
      case State::Done:
        return false;
      case State::Start:
        c = skipSpace();
        if (c < 0) fail(line_, "the file is empty; expected a JSON array of tasks", State::Done);
        if (c != '[') {
          fail(charLine_, "expected a JSON array of tasks starting with '[', got " + shown(c),
               State::Done);
        }
        state_ = State::First;
        continue;
      case State::First:
        c = skipSpace();
        if (c == ']') {
          finishArray();
          return false;
        }
        break;
      case State::AfterComma:
        c = skipSpace();
        if (c == ']') fail(charLine_, "a ',' before the closing ']' (trailing comma)", State::Done);
        if (c == ',') fail(charLine_, "an empty element between two commas", State::AfterComma);
        break;
      case State::AfterElement:
        c = skipSpace();
        if (c == ',') {
          state_ = State::AfterComma;
          continue;
        }
        if (c == ']') {
          finishArray();
          return false;
        }
        if (c >= 0) {
          pending_ = c;  // treat it as the start of the next element
          fail(charLine_,
               "expected ',' or ']' after the task starting at line " +
                   std::to_string(elementLine_) + ", got " + shown(c),
               State::AfterComma);
        }
        break;
    }
    if (c < 0) {
      fail(line_, "the file ends before the closing ']' of the task array (truncated?)",
           State::Done);
    }
    scanElement(c, element);
    return true;
  }
}

void JsonArrayScanner::scanElement(int c, std::string& element) {
  element.clear();
  elementLine_ = charLine_;
  ++elementIndex_;
  const int64_t start = consumed_ - 1;  // file offset of c
  const size_t inlineLimit =
      seekable_ ? std::min(kScanInlineBytes, maxElementBytes_) : maxElementBytes_;
  bool storing = true;
  bool inString = false;
  bool escaped = false;
  int64_t depth = 0;
  int64_t end = 0;
  for (;; c = get()) {
    if (c < 0) {
      fail(elementLine_, "the file ends inside this task (truncated JSON?)", State::Done);
    }
    bool complete = false;
    if (inString) {
      if (escaped) {
        escaped = false;
      } else if (c == '\\') {
        escaped = true;
      } else if (c == '"') {
        inString = false;
      }
    } else if (c == '"') {
      inString = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if ((c == '}' || c == ']') && depth > 0) {
      complete = --depth == 0;
    } else if (depth == 0 && (c == ',' || c == ']')) {
      pending_ = c;  // a scalar element ends here; the caller reads the delimiter
      end = consumed_ - 1;
      break;
    }
    // Past the inline size keep scanning for the end, but store nothing.
    storing = storing && element.size() < inlineLimit;
    if (storing) element.push_back(static_cast<char>(c));
    if (complete) {
      end = consumed_;
      break;
    }
  }
  state_ = State::AfterElement;
  const auto length = static_cast<size_t>(end - start);
  if (length > maxElementBytes_) {
    element.clear();
    fail(elementLine_,
         "the task is longer than the limit of " + std::to_string(maxElementBytes_) + " bytes",
         State::AfterElement);
  }
  if (!storing) reread(start, length, element);
  while (!element.empty() && isJsonSpace(element.back())) element.pop_back();
}

void JsonArrayScanner::reread(int64_t offset, size_t length, std::string& element) {
  element.clear();
  element.resize(length);  // one allocation of the exact size
  const bool ok = std::fseek(file_.get(), static_cast<long>(offset), SEEK_SET) == 0 &&
                  std::fread(element.data(), 1, length, file_.get()) == length &&
                  std::fseek(file_.get(), static_cast<long>(consumed_), SEEK_SET) == 0;
  if (!ok) {
    state_ = State::Done;
    throw InputError(path_, elementLine_, "", "the file changed while it was being read");
  }
  pos_ = end_ = 0;  // the buffer no longer matches the file position
}

}  // namespace spanforge::io
