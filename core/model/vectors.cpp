#include "model/vectors.h"

#include "io/inputerror.h"
#include "io/regularfile.h"
#include "model/featurizer.h"

#include <unistd.h>
#include <zlib.h>

#include <algorithm>
#include <charconv>
#include <cstring>
#include <memory>
#include <stdexcept>

namespace spanforge::model {
namespace {

struct GzCloser {
  void operator()(gzFile_s* f) const { gzclose(f); }
};
using GzFile = std::unique_ptr<gzFile_s, GzCloser>;

// Longer than any real row (4096 values of ~12 characters): a file without
// line breaks must not be read into memory whole.
constexpr size_t kMaxLineBytes = size_t{1} << 20;
// A gzip file may expand to this many times its size (real vectors: about
// 3), or to kMinInflatedBytes, whichever is more; past that it is a bomb.
constexpr int64_t kMaxInflation = 16;
constexpr int64_t kMinInflatedBytes = int64_t{64} << 20;

// Lines of a plain or gzip file through a fixed buffer, counting the bytes
// as they come (a NUL byte or an endless line is seen at once).
class LineSource {
 public:
  enum class Result { Line, TooLong, HasNul, TooBig, End };

  LineSource(gzFile f, int64_t maxBytes) : f_(f), maxBytes_(maxBytes), buf_(1 << 17) {}

  // Without the line break; a line over kMaxLineBytes is not stored.
  Result next(std::string& line) {
    line.clear();
    bool any = false;
    for (;;) {
      if (pos_ == end_ && !fill()) {
        if (tooBig_) return Result::TooBig;
        break;
      }
      any = true;
      const char* chunk = buf_.data() + pos_;
      const size_t avail = end_ - pos_;
      const auto* nl = static_cast<const char*>(std::memchr(chunk, '\n', avail));
      const size_t take = nl ? static_cast<size_t>(nl - chunk) : avail;
      if (std::memchr(chunk, '\0', take) != nullptr) return Result::HasNul;
      if (line.size() + take > kMaxLineBytes) return Result::TooLong;
      line.append(chunk, take);
      pos_ += take;
      if (nl) {
        ++pos_;
        break;
      }
    }
    if (!any) return Result::End;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return Result::Line;
  }

  bool error() const { return error_; }

 private:
  bool fill() {
    if (total_ > maxBytes_) {
      tooBig_ = true;
      return false;
    }
    const int n = gzread(f_, buf_.data(), static_cast<unsigned>(buf_.size()));
    if (n < 0) error_ = true;
    pos_ = 0;
    end_ = n > 0 ? static_cast<size_t>(n) : 0;
    total_ += static_cast<int64_t>(end_);
    return end_ > 0;
  }

  gzFile f_;
  int64_t maxBytes_;
  std::vector<char> buf_;
  size_t pos_ = 0;
  size_t end_ = 0;
  int64_t total_ = 0;
  bool error_ = false;
  bool tooBig_ = false;
};

std::vector<std::string_view> splitSpaces(std::string_view s) {
  std::vector<std::string_view> out;
  size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
    const size_t b = i;
    while (i < s.size() && s[i] != ' ' && s[i] != '\t') ++i;
    if (i > b) out.push_back(s.substr(b, i - b));
  }
  return out;
}

bool parseInt(std::string_view s, int64_t& v) {
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

// from_chars ignores the C locale, which a GUI may have changed.
bool parseFloat(std::string_view s, float& v) {
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

}  // namespace

Vectors::Vectors(std::vector<std::string> words, std::vector<float> data, int64_t dim)
    : words_(std::move(words)), data_(std::move(data)), dim_(dim) {
  if (dim_ < 0 || data_.size() != words_.size() * static_cast<size_t>(dim_))
    throw std::invalid_argument("vector table size does not match words x dim");
  index_.reserve(words_.size());
  for (size_t i = 0; i < words_.size(); ++i) index_.emplace(words_[i], static_cast<int64_t>(i));
}

Vectors Vectors::load(const std::string& path, int64_t maxRows) {
  // Regular files only: /dev/zero would never end, a FIFO could block forever.
  io::RegularFile file(path);
  unsigned char magic[2] = {0, 0};
  const bool gzip = ::pread(file.fd(), magic, 2, 0) == 2 && magic[0] == 0x1f && magic[1] == 0x8b;
  // A plain file holds what its size says; a gzip file may not expand without bound.
  const int64_t maxBytes =
      gzip ? std::max(kMinInflatedBytes, file.size() * kMaxInflation) : file.size();
  // gzdopen reads plain files transparently; it owns the descriptor from here.
  GzFile f(gzdopen(file.fd(), "rb"));
  if (!f) throw io::InputError(path, 0, "", "cannot open: out of memory");
  file.release();
  gzbuffer(f.get(), 1 << 17);
  LineSource lines(f.get(), maxBytes);
  std::vector<std::string> words;
  std::vector<float> data;
  std::unordered_map<std::string, int64_t> seen;
  int64_t dim = 0;
  int64_t lineNo = 0;
  std::string line;
  auto fail = [&](const std::string& msg) { throw io::InputError(path, lineNo, "", msg); };
  auto checkDim = [&](int64_t d, const std::string& where) {
    if (d > kMaxDim)
      fail(where + " gives dimension " + std::to_string(d) + ", more than the limit of " +
           std::to_string(kMaxDim));
  };
  while (maxRows <= 0 || static_cast<int64_t>(words.size()) < maxRows) {
    const LineSource::Result r = lines.next(line);
    if (r == LineSource::Result::End) break;
    ++lineNo;
    if (r == LineSource::Result::HasNul)
      fail("holds a NUL byte: not a text vectors file (word2vec's binary format is not read)");
    if (r == LineSource::Result::TooLong)
      fail("the line is longer than " + std::to_string(kMaxLineBytes) + " bytes");
    if (r == LineSource::Result::TooBig) {
      if (gzip)
        fail("decompresses to more than " + std::to_string(maxBytes) +
             " bytes, far more than vectors expand to: refused as a gzip bomb");
      fail("the file grew while it was being read");
    }
    const std::vector<std::string_view> fields = splitSpaces(line);
    if (fields.empty()) continue;
    int64_t count = 0;
    int64_t headerDim = 0;
    if (lineNo == 1 && fields.size() == 2 && parseInt(fields[0], count) &&
        parseInt(fields[1], headerDim)) {
      if (headerDim <= 0) fail("header gives dimension " + std::string(fields[1]));
      checkDim(headerDim, "the header");
      // Each value takes two bytes at least ("0 "): a count the file cannot
      // hold is a lie, refused before anything is reserved for it.
      if (count < 0 || count > kMaxValues / headerDim)
        fail("the header gives " + std::string(fields[0]) + " rows of " +
             std::to_string(headerDim) + " values, more than the limit of " +
             std::to_string(kMaxValues) + " values");
      if (count * (2 * headerDim + 2) > maxBytes)
        fail("the header gives " + std::to_string(count) + " rows of " + std::to_string(headerDim) +
             " values, more than " + std::to_string(maxBytes) + " bytes can hold");
      dim = headerDim;
      const int64_t rows = maxRows > 0 ? std::min(count, maxRows) : count;
      if (!gzip) data.reserve(static_cast<size_t>(rows * dim));
      continue;
    }
    if (dim == 0) {
      dim = static_cast<int64_t>(fields.size()) - 1;
      checkDim(dim, "the first row");
    }
    if (dim <= 0) fail("expected a word followed by its values");
    if (static_cast<int64_t>(fields.size()) < dim + 1) {
      fail("expected " + std::to_string(dim) + " values after the word, found " +
           std::to_string(fields.size() - 1));
    }
    // The last `dim` fields are the values; the word may contain spaces.
    const size_t first = fields.size() - static_cast<size_t>(dim);
    float v = 0;
    // A number just before the values means a longer row, not a word with spaces.
    if (first > 1 && parseFloat(fields[first - 1], v)) {
      fail("expected " + std::to_string(dim) + " values after the word, found " +
           std::to_string(fields.size() - 1));
    }
    for (size_t k = first; k < fields.size(); ++k) {
      if (!parseFloat(fields[k], v)) fail("\"" + std::string(fields[k]) + "\" is not a number");
    }
    const char* wb = fields[0].data();
    const char* we = fields[first - 1].data() + fields[first - 1].size();
    std::string word(wb, static_cast<size_t>(we - wb));
    if (!seen.emplace(word, static_cast<int64_t>(words.size())).second) continue;
    if (static_cast<int64_t>(words.size()) >= kMaxValues / dim)
      fail("more than " + std::to_string(kMaxValues) + " values: over the limit for vectors");
    for (size_t k = first; k < fields.size(); ++k) {
      parseFloat(fields[k], v);
      data.push_back(v);
    }
    words.push_back(std::move(word));
  }
  int err = 0;
  const char* msg = gzerror(f.get(), &err);
  if (lines.error() || (err != Z_OK && err != Z_STREAM_END))
    throw io::InputError(path, lineNo, "", std::string("cannot read: ") + msg);
  if (words.empty()) throw io::InputError(path, 0, "", "holds no vectors");
  return Vectors(std::move(words), std::move(data), dim);
}

void Vectors::save(const std::string& path) const {
  const bool gz = path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
  GzFile f(gzopen(path.c_str(), gz ? "wb6" : "wbT"));
  if (!f) throw std::runtime_error("cannot write vectors file " + path);
  std::string line = std::to_string(size()) + " " + std::to_string(dim_) + "\n";
  char num[32];
  bool ok = gzwrite(f.get(), line.data(), static_cast<unsigned>(line.size())) > 0;
  for (int64_t i = 0; ok && i < size(); ++i) {
    line = words_[static_cast<size_t>(i)];
    for (int64_t k = 0; k < dim_; ++k) {
      // Shortest text that reads back as the same float.
      const auto r = std::to_chars(num, num + sizeof num, row(i)[k]);
      line += ' ';
      line.append(num, r.ptr);
    }
    line += '\n';
    ok = gzwrite(f.get(), line.data(), static_cast<unsigned>(line.size())) > 0;
  }
  if (gzclose(f.release()) != Z_OK || !ok)
    throw std::runtime_error("cannot write vectors file " + path);
}

int64_t Vectors::find(std::string_view word) const {
  auto it = index_.find(std::string(word));
  if (it != index_.end()) return it->second;
  it = index_.find(Featurizer::norm(word));
  return it == index_.end() ? -1 : it->second;
}

}  // namespace spanforge::model
