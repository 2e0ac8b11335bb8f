#include "io/linereader.h"

#include "io/inputerror.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

namespace spanforge::io {
namespace {
constexpr size_t kBufferBytes = 64 * 1024;
constexpr size_t kInlineBytes = 64 * 1024;  // longer lines are measured, then read back
}  // namespace

LineReader::LineReader(const std::string& path, int64_t maxLineBytes)
    : path_(path),
      file_(std::fopen(path.c_str(), "rb")),
      maxLineBytes_(static_cast<size_t>(maxLineBytes > 0 ? maxLineBytes : 1)),
      buffer_(kBufferBytes) {
  if (!file_) throw InputError(path, 0, "", std::string("cannot open: ") + std::strerror(errno));
  seekable_ = std::fseek(file_.get(), 0, SEEK_CUR) == 0;  // false for pipes
}

bool LineReader::fill() {
  end_ = std::fread(buffer_.data(), 1, buffer_.size(), file_.get());
  pos_ = 0;
  if (end_ == 0 && std::ferror(file_.get())) {
    throw InputError(path_, line_ + 1, "", std::string("read error: ") + std::strerror(errno));
  }
  if (!started_) {
    started_ = true;
    if (end_ >= 3 && std::memcmp(buffer_.data(), "\xEF\xBB\xBF", 3) == 0) {
      pos_ = 3;
      consumed_ += 3;
    }
  }
  return pos_ < end_;
}

LineReader::Result LineReader::next(std::string& line) {
  line.clear();
  // Store while the line is short; past that, only measure it (unless the
  // file cannot be re-read, then store up to the limit).
  const size_t inlineLimit = seekable_ ? std::min(kInlineBytes, maxLineBytes_) : maxLineBytes_;
  bool storing = true;
  bool any = false;
  int64_t start = 0;
  size_t length = 0;
  for (;;) {
    if (pos_ == end_ && !fill()) {
      if (!any) return Result::End;
      break;  // last line without a final newline
    }
    if (!any) start = consumed_;
    any = true;
    const char* chunk = buffer_.data() + pos_;
    const auto* nl = static_cast<const char*>(std::memchr(chunk, '\n', end_ - pos_));
    const size_t take = nl ? static_cast<size_t>(nl - chunk) : end_ - pos_;
    storing = storing && line.size() + take <= inlineLimit;
    if (storing) line.append(chunk, take);
    length += take;
    pos_ += take;
    consumed_ += static_cast<int64_t>(take);
    if (nl) {
      ++pos_;
      ++consumed_;
      break;
    }
  }
  ++line_;
  if (length > maxLineBytes_) return Result::TooLong;
  if (!storing) reread(start, length, line);
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return Result::Line;
}

void LineReader::reread(int64_t offset, size_t length, std::string& line) {
  line.clear();
  line.resize(length);  // one allocation of the exact size
  const bool ok = std::fseek(file_.get(), static_cast<long>(offset), SEEK_SET) == 0 &&
                  std::fread(line.data(), 1, length, file_.get()) == length &&
                  std::fseek(file_.get(), static_cast<long>(consumed_), SEEK_SET) == 0;
  if (!ok) throw InputError(path_, line_, "", "the file changed while it was being read");
  pos_ = end_ = 0;  // the buffer no longer matches the file position
}

bool LineReader::isBlank(std::string_view s) {
  for (char c : s) {
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n' && c != '\v' && c != '\f') return false;
  }
  return true;
}

std::string LineReader::fileName(const std::string& path) {
  return std::filesystem::path(path).filename().string();
}

}  // namespace spanforge::io
