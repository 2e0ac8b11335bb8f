#include "model/vectors.h"

#include "io/inputerror.h"
#include "model/featurizer.h"

#include <zlib.h>

#include <cerrno>
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

// Reads one line of any length without its line break; false at the end.
// Longer than any real row (4096 values of ~12 characters): a file without
// line breaks must not be read into memory whole.
constexpr size_t kMaxLineBytes = size_t{1} << 20;

// False at the end of the file; sets tooLong (and skips the rest of the line)
// for a line over kMaxLineBytes.
bool readLine(gzFile f, std::string& line, bool& tooLong) {
  line.clear();
  tooLong = false;
  char buf[1 << 14];
  while (gzgets(f, buf, sizeof buf) != nullptr) {
    if (!tooLong) line += buf;
    const size_t n = std::strlen(buf);
    if (n > 0 && buf[n - 1] == '\n') break;
    if (line.size() > kMaxLineBytes) tooLong = true;
  }
  if (line.empty()) return false;
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.pop_back();
  return true;
}

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
  // gzopen reads plain files transparently.
  GzFile f(gzopen(path.c_str(), "rb"));
  if (!f) throw io::InputError(path, 0, "", std::string("cannot open: ") + std::strerror(errno));
  gzbuffer(f.get(), 1 << 17);
  std::vector<std::string> words;
  std::vector<float> data;
  std::unordered_map<std::string, int64_t> seen;
  int64_t dim = 0;
  int64_t lineNo = 0;
  std::string line;
  auto fail = [&](const std::string& msg) { throw io::InputError(path, lineNo, "", msg); };
  bool tooLong = false;
  while ((maxRows <= 0 || static_cast<int64_t>(words.size()) < maxRows) &&
         readLine(f.get(), line, tooLong)) {
    ++lineNo;
    if (tooLong) fail("the line is longer than " + std::to_string(kMaxLineBytes) + " bytes");
    const std::vector<std::string_view> fields = splitSpaces(line);
    if (fields.empty()) continue;
    int64_t count = 0;
    int64_t headerDim = 0;
    if (lineNo == 1 && fields.size() == 2 && parseInt(fields[0], count) &&
        parseInt(fields[1], headerDim)) {
      if (headerDim <= 0) fail("header gives dimension " + std::string(fields[1]));
      dim = headerDim;
      continue;
    }
    if (dim == 0) dim = static_cast<int64_t>(fields.size()) - 1;
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
    for (size_t k = first; k < fields.size(); ++k) {
      parseFloat(fields[k], v);
      data.push_back(v);
    }
    words.push_back(std::move(word));
  }
  int err = 0;
  const char* msg = gzerror(f.get(), &err);
  if (err != Z_OK && err != Z_STREAM_END)
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
