// Readers hold one record at a time: a 50 MB line is refused without being
// loaded, and a large file is read in memory that does not grow with it.
// Peak memory is read from /proc (Linux); under AddressSanitizer, whose
// allocator keeps freed memory, only the behaviour is checked.

#include "io/recordwriter.h"
#include "iotest.h"

#include <fstream>

using namespace spanforge;
using spanforge::testing::currentMemoryKb;
using spanforge::testing::peakMemoryKb;
using spanforge::testing::resetPeakMemory;
using spanforge::testing::TempDir;

namespace {

// ASan keeps freed memory in quarantine, so RSS says nothing there. GCC
// defines __SANITIZE_ADDRESS__; clang answers __has_feature.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SPANFORGE_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) || defined(SPANFORGE_ASAN)
constexpr bool kMeasureMemory = false;
#else
constexpr bool kMeasureMemory = true;
#endif

constexpr int64_t kHugeBytes = 50 * 1024 * 1024;

// prefix, 50 MB of 'x' written in 1 MB pieces, suffix.
void writeHugeFile(const std::string& path, const std::string& prefix, const std::string& suffix) {
  std::ofstream out(path, std::ios::binary);
  out << prefix;
  const std::string chunk(1024 * 1024, 'x');
  for (int64_t done = 0; done < kHugeBytes; done += static_cast<int64_t>(chunk.size())) {
    out << chunk;
  }
  out << suffix;
  REQUIRE(out.good());
}

struct Case {
  io::Format format;
  const char* name;
  std::string first, hugePrefix, hugeSuffix, last;
  int64_t hugeLine;
};

// Reads first record, fails on the huge one, then reads the last record;
// returns the peak memory growth in KiB.
long readPastHugeRecord(const TempDir& dir, const Case& c, const io::ReaderOptions& opts) {
  const std::string path = dir.file(c.name);
  writeHugeFile(path, c.first + c.hugePrefix, c.hugeSuffix + c.last);
  resetPeakMemory();
  const long before = currentMemoryKb();
  {
    auto reader = io::openReader(path, c.format, opts);
    text::Document d;
    REQUIRE(reader->next(d));
    CHECK(d.text == "first");
    try {
      reader->next(d);
      FAIL("no InputError for the huge record");
    } catch (const io::InputError& e) {
      INFO(e.what());
      CHECK(e.file() == path);
      CHECK(e.line() == c.hugeLine);
      CHECK(e.message().find("longer than the limit of " + std::to_string(opts.maxRecordBytes) +
                             " bytes") != std::string::npos);
    }
    REQUIRE(reader->next(d));
    CHECK(d.text == "last");
    CHECK_FALSE(reader->next(d));
    CHECK(reader->bytesRead() > kHugeBytes);
  }
  return peakMemoryKb() - before;
}

std::vector<Case> hugeCases() {
  return {
      {io::Format::Jsonl, "huge.jsonl", "{\"text\":\"first\"}\n", "{\"text\":\"", "\"}\n",
       "{\"text\":\"last\"}\n", 2},
      {io::Format::Doccano, "huge.jsonl", "{\"text\":\"first\",\"label\":[]}\n\n", "{\"text\":\"",
       "\"}\n", "{\"text\":\"last\",\"label\":[]}\n", 3},
      {io::Format::Text, "huge.txt", "first\n", "", "\n", "last\n", 2},
      {io::Format::Conll, "huge.conll", "first O\n\n", "", " O\nmore O\n\n", "last O\n", 3},
      {io::Format::LabelStudio, "huge.json", "[\n{\"data\":{\"text\":\"first\"}},\n",
       "{\"data\":{\"text\":\"", "\"}},\n", "{\"data\":{\"text\":\"last\"}}\n]\n", 3},
  };
}

}  // namespace

TEST_CASE("streaming: a 50 MB record is refused without loading it (default limit)") {
  TempDir dir;
  for (const auto& c : hugeCases()) {
    INFO("format " << io::toString(c.format));
    const long grew = readPastHugeRecord(dir, c, io::ReaderOptions{});
    // The default limit (16 MB) bounds what is buffered; 50 MB never is.
    if (kMeasureMemory) CHECK(grew < 24 * 1024);
  }
}

TEST_CASE("streaming: with a 1 MB limit memory stays within a few MB") {
  TempDir dir;
  io::ReaderOptions opts;
  opts.maxRecordBytes = 1024 * 1024;
  for (const auto& c : hugeCases()) {
    INFO("format " << io::toString(c.format));
    const long grew = readPastHugeRecord(dir, c, opts);
    if (kMeasureMemory) CHECK(grew < 6 * 1024);
  }
}

TEST_CASE("streaming: records longer than the read buffer are read whole") {
  // 300 kB records go through the measure-then-read path; the ones around
  // them through the buffered path.
  TempDir dir;
  const std::string big(300 * 1024, 'y');
  const std::vector<std::pair<io::Format, std::string>> files = {
      {io::Format::Jsonl, "{\"text\":\"a\"}\n{\"text\":\"" + big + "\"}\r\n{\"text\":\"b\"}\n"},
      {io::Format::Text, "a\n" + big + "\r\nb"},
      {io::Format::Conll, "a O\n\n" + big + "\tO\n\nb O\n"},
      {io::Format::LabelStudio, "[{\"data\":{\"text\":\"a\"}},\n{\"data\":{\"text\":\"" + big +
                                    "\"}}\n,{\"data\":{\"text\":\"b\"}}]"},
  };
  for (const auto& [format, content] : files) {
    INFO("format " << io::toString(format));
    spanforge::testing::writeFile(dir.file("big"), content);
    const auto docs = spanforge::testing::readAll(dir.file("big"), format);
    REQUIRE(docs.size() == 3);
    CHECK(docs[0].text == "a");
    CHECK(docs[1].text == big);
    CHECK(docs[2].text == "b");
  }
}

TEST_CASE("streaming: reading a large generated file does not hold it") {
  TempDir dir;
  constexpr int kDocs = 60000;
  for (auto format : {io::Format::LabelStudio, io::Format::Jsonl, io::Format::Conll}) {
    INFO("format " << io::toString(format));
    const std::string path = dir.file("large");
    {
      // Written through the writer one document at a time: constant memory.
      std::ofstream out(path, std::ios::binary);
      auto writer = io::openWriter(out, format);
      text::Document d;
      d.status = text::DocStatus::Accepted;
      for (int i = 0; i < kDocs; ++i) {
        d.text = "Document " + std::to_string(i) + " mentions Paris";
        for (int k = 0; k < 40; ++k) d.text += " and some filler words";
        d.tokens.clear();
        if (format != io::Format::Conll) {
          const auto paris = static_cast<int64_t>(d.text.find("Paris"));
          d.spans = {{paris, paris + 5, "LOC"}};
          writer->write(d);
          continue;
        }
        int64_t start = 0;
        for (size_t p = 0; p <= d.text.size(); ++p) {
          if (p == d.text.size() || d.text[p] == ' ') {
            d.tokens.push_back({d.text.substr(start, p - start), static_cast<int64_t>(start),
                                static_cast<int64_t>(p)});
            start = static_cast<int64_t>(p) + 1;
          }
        }
        const auto paris = static_cast<int64_t>(d.text.find("Paris"));
        d.spans = {{paris, paris + 5, "LOC"}};
        writer->write(d);
      }
      writer->finish();
    }
    const auto fileBytes = static_cast<long>(std::filesystem::file_size(path));
    REQUIRE(fileBytes > 50L * 1024 * 1024);

    resetPeakMemory();
    const long before = currentMemoryKb();
    auto reader = io::openReader(path, format);
    text::Document d;
    int count = 0;
    while (reader->next(d)) ++count;
    CHECK(count == kDocs);
    CHECK(d.text.rfind("Document 59999 mentions Paris", 0) == 0);
    CHECK(d.spans.size() == 1);
    CHECK(reader->bytesRead() == fileBytes);
    const long grew = peakMemoryKb() - before;
    if (kMeasureMemory) CHECK(grew < 8 * 1024);
  }
}
