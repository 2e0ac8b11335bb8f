#pragma once

// Helpers shared by the io tests: files, whole-file reads and writes, error
// checks and peak-memory measurement.

#include "io/inputerror.h"
#include "io/recordreader.h"
#include "io/recordwriter.h"
#include "tempdir.h"

#include "catchapi.h"

#include <fstream>
#include <functional>
#include <sstream>
#include <string>
#include <vector>

namespace spanforge::testing {

inline void writeFile(const std::string& path, const std::string& content) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << content;
  REQUIRE(out.good());
}

inline std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::vector<text::Document> readAll(const std::string& path, io::Format format,
                                           const io::ReaderOptions& options = {}) {
  auto reader = io::openReader(path, format, options);
  std::vector<text::Document> docs;
  text::Document doc;
  while (reader->next(doc)) docs.push_back(doc);
  return docs;
}

inline std::string writeAll(const std::vector<text::Document>& docs, io::Format format,
                            const io::WriterOptions& options = {}) {
  std::ostringstream out;
  auto writer = io::openWriter(out, format, options);
  for (const auto& d : docs) writer->write(d);
  writer->finish();
  return out.str();
}

// The InputError thrown by the first next() on a one-record file.
inline io::InputError firstError(const std::string& path, io::Format format,
                                 const io::ReaderOptions& options = {}) {
  auto reader = io::openReader(path, format, options);
  text::Document doc;
  try {
    while (reader->next(doc)) {
    }
  } catch (const io::InputError& e) {
    return e;
  }
  FAIL("no InputError from " << path);
  throw std::logic_error("unreachable");
}

// Writes content to dir/name, reads it and checks the first error's line,
// field and message fragment (and that what() names the file).
inline void checkBad(const TempDir& dir, const std::string& name, const std::string& content,
                     io::Format format, int64_t line, const std::string& field,
                     const std::string& fragment, const io::ReaderOptions& options = {}) {
  const std::string path = dir.file(name);
  writeFile(path, content);
  const io::InputError e = firstError(path, format, options);
  INFO(e.what());
  CHECK(e.file() == path);
  CHECK(e.line() == line);
  CHECK(e.field() == field);
  CHECK(e.message().find(fragment) != std::string::npos);
  CHECK(std::string(e.what()).find(path + ":" + std::to_string(line) + ": ") == 0);
}

inline void requireSameDocs(const std::vector<text::Document>& a,
                            const std::vector<text::Document>& b, bool tokens) {
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    INFO("document " << i + 1 << ": " << a[i].text);
    REQUIRE(a[i].text == b[i].text);
    REQUIRE(a[i].spans == b[i].spans);
    REQUIRE(a[i].status == b[i].status);
    if (tokens) REQUIRE(a[i].tokens == b[i].tokens);
  }
}

// Peak resident memory in KiB since the last resetPeakMemory() (Linux).
inline void resetPeakMemory() { std::ofstream("/proc/self/clear_refs") << "5"; }
inline long peakMemoryKb() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::stol(line.substr(6));
  }
  return -1;
}
inline long currentMemoryKb() {
  std::ifstream in("/proc/self/status");
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  }
  return -1;
}

}  // namespace spanforge::testing
